// /api/healthCheck: ADMIN's view of references to articles that no longer exist, and the fix.
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { requireAdmin } from '../lib/guards';
import { sameOrigin } from '../lib/security';
import { deleteFiles } from '../lib/uploads';
import { checkHealth, fixHealth } from '../queries/health-check';

export const healthCheckRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => {
    const { message, missingArticles } = await checkHealth(c.get('db'));
    return ok(c, { message, missingArticles });
  })

  // A GET that changes state (SPEC names it so): refused from other sites like every unsafe method.
  .get('/fix', sameOrigin, requireAdmin, async (c) => {
    const db = c.get('db');
    const { message, missingArticles, removedFileKeys } = await fixHealth(db);
    await deleteFiles(c.env, db, removedFileKeys);
    return ok(c, { message, missingArticles });
  });
