// /api/healthCheck: ADMIN's view of references to articles that no longer exist, category cycles and files nothing
// refers to, and the fix.
import { Hono } from 'hono';
import { healthCheck } from '#schema/entities';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { requireAdmin } from '../middleware/guards';
import { describe } from '../lib/route-doc';
import { sameOrigin } from '../middleware/security';
import { deleteFiles } from '../services/uploads';
import { sweepUnreferencedFiles, unreferencedFileCounts } from '../services/file-sweep';
import { checkHealth, fixHealth } from '../queries/health-check';

export const healthCheckRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      summary:
        'References to articles and channels that no longer exist (whatever the shape of their ids), category cycles, and files nothing refers to',
      result: healthCheck,
    }),
    requireAdmin,
    async (c) => {
      const { message, missingArticles, missingChannels, categoryCycles, unreferencedFiles, unfinishedUploads } =
        await checkHealth(c.get('db'));
      return ok(c, { message, missingArticles, missingChannels, categoryCycles, unreferencedFiles, unfinishedUploads });
    },
  )

  // A GET that changes state (the API defines the call as a GET): refused from other sites like every unsafe method.
  .get(
    '/fix',
    describe({
      summary:
        'Removes the references to articles and channels that no longer exist, breaks category cycles, and sweeps files nothing refers to',
      result: healthCheck,
    }),
    sameOrigin,
    requireAdmin,
    async (c) => {
      const db = c.get('db');
      const { message, missingArticles, missingChannels, categoryCycles, removedFileKeys } = await fixHealth(db);
      await deleteFiles(c.env, db, removedFileKeys);
      const swept = await sweepUnreferencedFiles(c.env, db);
      const sweptSentence = swept.files
        ? `; removed ${swept.files} file${swept.files === 1 ? '' : 's'} nothing referred to` +
          (swept.abortedUploads ? ` (${swept.abortedUploads} unfinished R2 upload(s) aborted)` : '')
        : '';
      const left = await unreferencedFileCounts(db);
      return ok(c, {
        message: message + sweptSentence,
        missingArticles,
        missingChannels,
        categoryCycles,
        unreferencedFiles: left.files,
        unfinishedUploads: left.unfinishedUploads,
      });
    },
  );
