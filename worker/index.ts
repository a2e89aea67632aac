// The worker's entry (wrangler.toml `main`): the root app (./root.ts) for every request that reaches the worker, the
// scheduled jobs, and the queues' consumer. A main module exports its handlers only, and the Durable Object classes
// its bindings name.
import type { Env } from './env';
import { scheduled } from './scheduled';
import { handleWebhookBatch, type WebhookMessage } from './services/webhooks';
import { handleImportBatch, type ImportMessage } from './import/runner';
import { IMPORTS_QUEUE, root, type QueueMessage } from './root';
import { app as api } from './app';
import { isApiUrl } from './paths';

export default {
  // An /api request goes to the API app at once: the root app would only pass it on (root.ts), at the cost of a
  // second Hono context and dispatch per request (issue 31).
  fetch: (request: Request, env: Env, ctx: ExecutionContext) =>
    isApiUrl(request.url) ? api.fetch(request, env, ctx) : root.fetch(request, env, ctx),
  scheduled,
  // The queues' consumer, by queue: webhook deliveries (worker/services/webhooks.ts) and import steps
  // (worker/import/runner.ts).
  queue: (batch: MessageBatch<QueueMessage>, env: Env, ctx: ExecutionContext): Promise<void> =>
    batch.queue === IMPORTS_QUEUE
      ? handleImportBatch(batch as MessageBatch<ImportMessage>, env)
      : handleWebhookBatch(batch as MessageBatch<WebhookMessage>, env, ctx),
} satisfies ExportedHandler<Env, QueueMessage>;

// The co-editing room's Durable Object class: wrangler finds it on the main module (docs/decisions/051).
export { CollabRoom } from './collab/room';
