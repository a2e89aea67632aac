// /api/imports: moving content in (issue 30, decisions 046, 047 and 050). ADMIN only, every call: an import writes
// everyone's content and publishes what the source had published.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  IMPORT_LIMITS,
  importDetail,
  importMediaRetry,
  importStart,
  importSummary,
  MEDIA_RETRY_PER_CALL,
} from '#schema/imports';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { idParam } from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { describe } from '../lib/route-doc';
import { currentUser, requireAdmin } from '../middleware/guards';
import { jsonBody, params } from '../middleware/validate';
import { cancelImport, getImport, listImports, startReviewedImport } from '../queries/imports';
import { receiveImport } from '../import/receive';
import { retryMissingMedia } from '../import/retry-media';
import { auditScope } from '../services/audit';

export const importsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({ summary: 'The 50 newest imports: state, counts, progress', result: z.array(importSummary) }),
    requireAdmin,
    async (c) => ok(c, await listImports(c.get('db'))),
  )

  .post(
    '/',
    describe({
      summary: 'Starts an import from an export file; answers its id, then it runs in the background',
      description:
        'multipart/form-data with a part `file`: a WordPress export (WXR 1.1 or 1.2, Tools › Export), a Ghost ' +
        'export (JSON, Ghost 4 or 5; at most 24 MiB), a ZIP of Markdown files with YAML front matter, or the ' +
        "portal's own export ZIP (GET /export; ids and slugs kept), its kind " +
        `detected from its content (415 for any other), at most ${IMPORT_LIMITS.file / 2 ** 20} MiB (413). A larger ` +
        'file goes through the resumable upload first (POST /uploads with contentType `application/x-so-import`, ' +
        `admins only, at most ${RESUMABLE_LIMITS.importFile / 1e9} GB, 413 past it); then a part \`upload\` with the ` +
        "finished upload's id takes the place of `file` (400 for an id that is no finished import upload of the " +
        "caller's, 409 for one still receiving parts). An optional part `media` is a ZIP of the old site's " +
        "pictures (WordPress's wp-content/uploads, Ghost's content/images; 415 for no ZIP): a picture the text " +
        'names is taken from it by its path under that folder before any fetch; a ZIP sent through the resumable ' +
        'upload as well is named by a part `mediaUpload` (its id; the same checks as `upload`, and 415 for no ZIP). XML ' +
        'with a DOCTYPE or entity declarations is refused (400). An optional part `authors` (JSON) maps the ' +
        "source's author keys (WordPress logins, Ghost slugs, Markdown author names) to existing user ids; " +
        'authors left unmapped become inactive users without a password (or the user of the same e-mail ' +
        "address). An optional part `site` is the old site's http(s) address (what Ghost writes as " +
        '`__GHOST_URL__`). The file is read by a queue consumer in batches: ' +
        `follow GET /imports/{id}. At most ${IMPORT_LIMITS.open} imports run at once (409). ` +
        'The mapping: docs/import.md.',
      result: z.object({ id: z.uuid() }),
      status: 202,
      errors: [400, 409, 413, 415],
    }),
    requireAdmin,
    async (c) => {
      const id = await receiveImport(c.env, c.get('db'), c.req.raw, currentUser(c).id);
      return ok(c, { id }, 202);
    },
  )

  .get(
    '/:id',
    describe({
      summary: 'One import: state, counts per kind, progress and the report (items, notes, missing pictures)',
      result: importDetail,
      errors: [404],
    }),
    requireAdmin,
    params(idParam),
    async (c) => ok(c, await getImport(c.get('db'), c.req.valid('param').id)),
  )

  .post(
    '/:id/start',
    describe({
      summary: 'Starts an import waiting in `review` with the admin’s mapping of its authors to existing users',
      description:
        '`authors` maps the keys of `report.authors` to existing user ids; an author left out is created inactive ' +
        'with no password (claimed by a password reset), or is the user of the same e-mail address. A key the ' +
        'file does not name or a user that does not exist is 400 (its issue names `authors.<key>`) and nothing is ' +
        'written; 409 unless the import waits in `review`.',
      result: importDetail,
      errors: [400, 404, 409],
    }),
    requireAdmin,
    params(idParam),
    ...jsonBody(importStart),
    async (c) => {
      const id = c.req.valid('param').id;
      await startReviewedImport(c.get('db'), id, c.req.valid('json'));
      await c.env.IMPORTS.send({ importId: id });
      return ok(c, await getImport(c.get('db'), id));
    },
  )

  .post(
    '/:id/media/retry',
    describe({
      summary: 'Fetches again the pictures the import could not have (from the report) and puts them in place',
      description:
        `At most ${MEDIA_RETRY_PER_CALL} addresses a call: those of \`urls\`, else the first of ` +
        '`report.missingMedia`. The same rules as the import (webhook URL rules: https, public hosts). A picture ' +
        'had now replaces the link to its source in the article (or becomes its picture); the rest stay in the ' +
        "report with the new reason. A Markdown import's picture its archive lacks (`https://archive.invalid/<path>`) " +
        "is read from the archive again, else fetched from `site` (the old site, or the import's `site` part) at " +
        'the same path. 409 while the import is under way.',
      result: importDetail,
      errors: [400, 404, 409],
    }),
    requireAdmin,
    params(idParam),
    ...jsonBody(importMediaRetry),
    async (c) => {
      const id = c.req.valid('param').id;
      const admin = currentUser(c);
      const body = c.req.valid('json');
      await retryMissingMedia(c.env, c.get('db'), id, body.urls, auditScope(c), admin.id, body.site);
      return ok(c, await getImport(c.get('db'), id));
    },
  )

  .post(
    '/:id/cancel',
    describe({
      summary: 'Stops a queued, reviewed or running import; what it wrote stays, whole items only (409 once it ended)',
      result: importDetail,
      errors: [404, 409],
    }),
    requireAdmin,
    params(idParam),
    async (c) => ok(c, await cancelImport(c.get('db'), c.req.valid('param').id)),
  );
