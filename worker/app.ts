// The Hono app behind /api: middleware, one sub-app per resource group, and the error envelope.
import { previewsRoutes } from './routes/previews';
import { revisionsRoutes } from './routes/revisions';
import { Hono, type ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from './env';
import { benchTiming } from './middleware/bench-timing';
import { chain } from './middleware/chain';
import { d1Session } from './services/db';
import { newVersionAfterWrites } from './middleware/edge-cache';
import { sendWebhooksAfterWrites } from './middleware/webhooks';
import { failure } from './lib/envelope';
import { HttpError } from './lib/errors';
import { boundedBody, boundedUrl } from './middleware/limits';
import { requestLanguage } from './middleware/language';
import { methodNotAllowed } from './middleware/methods';
import { logError, requestLog } from './middleware/request-log';
import { securityHeaders, sameOriginForUnsafeMethods } from './middleware/security';
import { sessionMiddleware } from './services/session';
import { tokenScope } from './middleware/token-scope';
import { adminRoutes } from './routes/admin';
import { auditLogRoutes } from './routes/audit-log';
import { authorsRoutes } from './routes/authors';
import { articleMediaRoutes } from './routes/article-media';
import { articlesRoutes } from './routes/articles';
import { categoriesRoutes } from './routes/categories';
import { channelsRoutes } from './routes/channels';
import { configRoutes } from './routes/config';
import { contactRoutes } from './routes/contact';
import { exportRoutes } from './routes/export';
import { filesRoutes } from './routes/files';
import { healthCheckRoutes } from './routes/health-check';
import { imageOptionsRoutes } from './routes/image-options';
import { importsRoutes } from './routes/imports';
import { mysoRoutes } from './routes/myso';
import { newsRoutes } from './routes/news';
import { oauthRoutes } from './routes/oauth';
import { openApiRoutes } from './routes/openapi';
import { publicationsRoutes } from './routes/publications';
import { searchRoutes } from './routes/search';
import { sessionsRoutes } from './routes/sessions';
import { tokensRoutes } from './routes/tokens';
import { slugsRoutes } from './routes/slugs';
import { uploadsRoutes } from './routes/uploads';
import { userContentRoutes } from './routes/user-content';
import { usersRoutes } from './routes/users';
import { webhooksRoutes } from './routes/webhooks';
import { workspaceRoutes } from './routes/workspace';
import {
  articleTranslationsRoutes,
  categoryTranslationsRoutes,
  channelTranslationsRoutes,
  newsTranslationsRoutes,
} from './routes/translations';

/** The error envelope of every /api answer that failed: the app's, and each layer's of the middleware chain. */
const answerError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof HttpError) {
    return c.json({ ...failure(err.status, err.message), result: err.result ?? null }, err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    // Every 400 carries `issues` (none here: Hono's own refusals concern no field).
    const result = err.status === 400 ? { issues: [] } : null;
    return c.json({ ...failure(err.status, err.message || 'Bad request'), result }, err.status);
  }
  // The stack goes to the log under the request's id; the client gets only the generic envelope.
  logError(c, 'Unhandled error', err);
  return c.json(failure(500, 'Internal server error'), 500);
};

/** Builds the API app; `app` below is the one the worker serves. Tests may build their own to add probes. */
export function buildApp() {
  const app = new Hono<AppEnv>().basePath('/api');

  // Every /api request's middleware, in this order, as one layer (middleware/chain.ts: issue 31, decision 044).
  app.use(
    chain(
      [
        benchTiming,
        requestLog,
        securityHeaders,
        boundedUrl,
        methodNotAllowed(() => app.routes),
        sameOriginForUnsafeMethods,
        boundedBody,
        requestLanguage,
        d1Session,
        sessionMiddleware,
        tokenScope,
        newVersionAfterWrites,
        sendWebhooksAfterWrites,
      ],
      answerError,
    ),
  );

  // Chained, so the type of the result carries every route (AppType, the SPA's typed client).
  const api = app
    .route('/admin', adminRoutes)
    .route('/articles', articlesRoutes)
    .route('/articleMedia', articleMediaRoutes)
    .route('/auditLog', auditLogRoutes)
    .route('/authors', authorsRoutes)
    .route('/categories', categoriesRoutes)
    .route('/channels', channelsRoutes)
    .route('/config', configRoutes)
    .route('/contact', contactRoutes)
    .route('/export', exportRoutes)
    .route('/files', filesRoutes)
    .route('/healthCheck', healthCheckRoutes)
    .route('/imageOptions', imageOptionsRoutes)
    .route('/imports', importsRoutes)
    .route('/myso', mysoRoutes)
    .route('/news', newsRoutes)
    .route('/oauth', oauthRoutes)
    .route(
      '/openapi.json',
      openApiRoutes(() => app.routes),
    )
    .route('/previews', previewsRoutes)
    .route('/publications', publicationsRoutes)
    .route('/revisions', revisionsRoutes)
    .route('/search', searchRoutes)
    .route('/sessions', sessionsRoutes)
    .route('/slugs', slugsRoutes)
    .route('/tokens', tokensRoutes)
    .route('/uploads', uploadsRoutes)
    .route('/userContent', userContentRoutes)
    .route('/users', usersRoutes)
    .route('/webhooks', webhooksRoutes)
    .route('/workspace', workspaceRoutes)
    // Translations of each kind (issue 29), beside the kind's own routes.
    .route('/articles', articleTranslationsRoutes)
    .route('/categories', categoryTranslationsRoutes)
    .route('/channels', channelTranslationsRoutes)
    .route('/news', newsTranslationsRoutes);

  app.notFound((c) => c.json(failure(404, 'Not found'), 404));

  app.onError(answerError);

  return api;
}

export const app = buildApp();

/** Every route with its inputs and results: what the SPA's `hc` client is typed with. */
export type AppType = typeof app;
