// The Hono app behind /api: middleware, one sub-app per resource group, and the error envelope.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';
import { failure } from './lib/envelope';
import { HttpError } from './lib/errors';
import { securityHeaders, sameOriginForUnsafeMethods } from './lib/security';
import { sessionMiddleware } from './lib/session';
import { articleMediaRoutes } from './routes/article-media';
import { articlesRoutes } from './routes/articles';
import { categoriesRoutes } from './routes/categories';
import { channelsRoutes } from './routes/channels';
import { contactRoutes } from './routes/contact';
import { filesRoutes } from './routes/files';
import { healthCheckRoutes } from './routes/health-check';
import { imageOptionsRoutes } from './routes/image-options';
import { mysoRoutes } from './routes/myso';
import { newsRoutes } from './routes/news';
import { publicationsRoutes } from './routes/publications';
import { searchRoutes } from './routes/search';
import { slugsRoutes } from './routes/slugs';
import { userContentRoutes } from './routes/user-content';
import { usersRoutes } from './routes/users';

/** Builds the API app; `app` below is the one the worker serves. Tests may build their own to add probes. */
export function buildApp() {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(securityHeaders);
  app.use(sameOriginForUnsafeMethods);
  app.use(sessionMiddleware);

  app.route('/articles', articlesRoutes);
  app.route('/articleMedia', articleMediaRoutes);
  app.route('/categories', categoriesRoutes);
  app.route('/channels', channelsRoutes);
  app.route('/contact', contactRoutes);
  app.route('/files', filesRoutes);
  app.route('/healthCheck', healthCheckRoutes);
  app.route('/imageOptions', imageOptionsRoutes);
  app.route('/myso', mysoRoutes);
  app.route('/news', newsRoutes);
  app.route('/publications', publicationsRoutes);
  app.route('/search', searchRoutes);
  app.route('/slugs', slugsRoutes);
  app.route('/userContent', userContentRoutes);
  app.route('/users', usersRoutes);

  // Path patterns of every registered route, compiled once, to tell 405 from 404.
  let routePatterns: { method: string; pattern: RegExp }[] | undefined;
  function allowedMethods(path: string): string[] {
    routePatterns ??= app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({
        method: r.method,
        pattern: new RegExp(
          '^' + r.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+').replace(/\*/g, '.*') + '/?$',
        ),
      }));
    return [...new Set(routePatterns.filter((r) => r.pattern.test(path)).map((r) => r.method))];
  }

  app.notFound((c) => {
    const allow = allowedMethods(c.req.path);
    if (allow.length > 0) {
      return c.json(failure(405, 'Method not allowed'), 405, { Allow: allow.join(', ') });
    }
    return c.json(failure(404, 'Not found'), 404);
  });

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      return c.json(failure(err.status, err.message), err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      return c.json(failure(status, err.message || 'Bad request'), status);
    }
    console.error('Unhandled error', c.req.method, c.req.path, err);
    return c.json(failure(500, 'Internal server error'), 500);
  });

  return app;
}

export const app = buildApp();
