// /api/export: the content as one ZIP archive, streamed (decision 036; the format: schema/export.ts). An editor's
// own content by default; `?scope=all` everyone's, for ADMIN only; `?media=include` puts the files in too.
import { Hono } from 'hono';
import { exportQuery } from '#schema/export';
import { languagesOf } from '#schema/languages';
import type { AppEnv } from '../env';
import { Forbidden } from '../lib/errors';
import { describe } from '../lib/route-doc';
import { currentUser, isAdmin, requireEditor } from '../middleware/guards';
import { logError } from '../middleware/request-log';
import { query } from '../middleware/validate';
import { EXPORT_LIMIT, exportArchive, exportFileName } from '../queries/export-archive';
import { limitWindow } from '../services/rate-limit';
import { siteUrl } from '../site/routes';

export const exportRoutes = new Hono<AppEnv>().get(
  '/',
  describe({
    summary: "The caller's content as one ZIP archive (ADMIN with ?scope=all: everyone's), streamed",
    description:
      'manifest.json (formatVersion, scope, media mode), then categories.ndjson, channels.ndjson, articles.ndjson and ' +
      'news.ndjson (one record a line, drafts and restricted text included, each item with its language, text ' +
      'version and every translation: draft or published, slug and old slugs, versions), and media.ndjson, every file the records ' +
      'refer to by absolute URL; `?media=include` puts the files in under media/{key} too. No Content-Length: the ' +
      'archive is written while it downloads. At most 20 exports per user an hour (429 with Retry-After). ' +
      'The format: docs/decisions/036-export.md.',
    raw: {
      contentTypes: ['application/zip'],
      statuses: { 200: 'The archive' },
    },
    errors: [400, 429],
  }),
  requireEditor,
  query(exportQuery),
  async (c) => {
    const user = currentUser(c);
    const options = c.req.valid('query');
    if (options.scope === 'all' && !isAdmin(user)) throw new Forbidden("Only an admin may export everyone's content");
    await limitWindow(c.get('db'), `export:user:${user.id}`, EXPORT_LIMIT);
    const now = new Date();
    const body = exportArchive(
      c.get('db'),
      c.env.FILES,
      {
        ...options,
        viewer: user,
        siteUrl: siteUrl(c),
        now,
        languages: languagesOf(c.env.LANGUAGES).all.map((l) => l.tag),
      },
      (err) => logError(c, 'Export failed midway', err),
    );
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${exportFileName(options.scope, now)}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
);
