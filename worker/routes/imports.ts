// /api/imports: moving content in (issue 30, decisions 046, 047 and 050). ADMIN only, every call: an import writes
// everyone's content and publishes what the source had published.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { IMPORT_LIMITS, importDetail, importSummary } from '#schema/imports';
import { idParam } from '#schema/requests';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { describe } from '../lib/route-doc';
import { currentUser, requireAdmin } from '../middleware/guards';
import { params } from '../middleware/validate';
import { cancelImport, getImport, listImports } from '../queries/imports';
import { receiveImport } from '../import/receive';

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
        `detected from its content (415 for any other), at most ${IMPORT_LIMITS.file / 2 ** 20} MiB (413). XML ` +
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
    '/:id/cancel',
    describe({
      summary: 'Stops a queued or running import; what it wrote stays, whole items only (409 once it ended)',
      result: importDetail,
      errors: [404, 409],
    }),
    requireAdmin,
    params(idParam),
    async (c) => ok(c, await cancelImport(c.get('db'), c.req.valid('param').id)),
  );
