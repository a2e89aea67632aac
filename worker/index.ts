import { app } from './app';
import type { Env } from './env';
import { scheduled } from './scheduled';
import { handleWebhookBatch, type WebhookMessage } from './services/webhooks';
import { handleImportBatch, type ImportMessage } from './import/runner';
import { isSitePath, siteRoutes } from './site/routes';
import { isMcpPath, serveMcp } from './mcp/route';
import { isOAuthPath, serveOAuth } from './oauth/route';

export default {
  // The API (/api/*), the MCP server (/mcp) with its OAuth endpoints, and the crawlers' documents. The worker's entry (web/server/index.ts) sends every other path,
  // the pages, to the server rendering.
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
    const url = new URL(request.url);
    if (isSitePath(url.pathname)) return siteRoutes.fetch(request, env, ctx);
    if (isMcpPath(url.pathname)) return serveMcp(request, env, ctx);
    if (isOAuthPath(url.pathname)) return serveOAuth(request, env, ctx);
    return app.fetch(request, env, ctx);
  },
  scheduled,
  // The queues' consumer, by queue: webhook deliveries (worker/services/webhooks.ts) and import steps
  // (worker/import/runner.ts).
  queue: (batch: MessageBatch<QueueMessage>, env: Env, ctx: ExecutionContext): Promise<void> =>
    batch.queue === IMPORTS_QUEUE
      ? handleImportBatch(batch as MessageBatch<ImportMessage>, env)
      : handleWebhookBatch(batch as MessageBatch<WebhookMessage>, env, ctx),
} satisfies ExportedHandler<Env, QueueMessage>;

/** What the worker's queues carry. */
export type QueueMessage = WebhookMessage | ImportMessage;
/** The imports queue's name (wrangler.toml); every other batch is the webhooks queue's. */
export const IMPORTS_QUEUE = 'so-portal-imports';
