// Webhooks after a write (docs/decisions/035-webhooks.md): the deliveries a request's audit entries wrote go on the
// queue once it is answered.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { enqueueAuditDeliveries } from '../services/webhooks';
import { logError } from './request-log';

/**
 * After the request: the deliveries of the audit entries it recorded go on the queue, in waitUntil so the answer
 * does not wait. Whatever the status: an entry's id finds deliveries only when its batch committed, and a committed
 * event is sent even if a later step of the request failed. A lost send is the Cron Trigger's (resendLostDeliveries).
 */
export const sendWebhooksAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const recorded = c.get('audit')?.recorded;
  if (!recorded || recorded.length === 0) return;
  const sending = enqueueAuditDeliveries(c.env, [...recorded]).catch((err: unknown) =>
    logError(c, 'Webhook deliveries not queued (the Cron Trigger will)', err),
  );
  c.executionCtx.waitUntil(sending);
};
