// /api/healthCheck: ADMIN's view of references to articles that no longer exist, and the fix.
import { Hono } from 'hono';
import { healthCheck } from '../../schema/entities';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { requireAdmin } from '../lib/guards';
import { describe } from '../lib/route-doc';
import { sameOrigin } from '../lib/security';
import { deleteFiles } from '../lib/uploads';
import { checkHealth, fixHealth } from '../queries/health-check';

export const healthCheckRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describe({ summary: 'References to articles that no longer exist', result: healthCheck }),
    requireAdmin,
    async (c) => {
      const { message, missingArticles } = await checkHealth(c.get('db'));
      return ok(c, { message, missingArticles });
    },
  )

  // A GET that changes state (the API defines the call as a GET): refused from other sites like every unsafe method.
  .get(
    '/fix',
    describe({ summary: 'Removes the references to articles that no longer exist', result: healthCheck }),
    sameOrigin,
    requireAdmin,
    async (c) => {
      const db = c.get('db');
      const { message, missingArticles, removedFileKeys } = await fixHealth(db);
      await deleteFiles(c.env, db, removedFileKeys);
      return ok(c, { message, missingArticles });
    },
  );
