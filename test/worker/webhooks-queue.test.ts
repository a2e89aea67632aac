// Webhooks (decision 035): the outbox rows written with their audit entry, the queue's consumer (signature, back-off,
// failure, the admin's retry), the SSRF rules, and the admin's routes.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhooks } from '#schema/tables';
import worker from '#worker/index';
import { auditEntry, systemScope } from '#worker/services/audit';
import { runWebhookRecovery } from '#worker/scheduled';
import {
  LOST_AFTER_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
  type WebhookBody,
  type WebhookMessage,
} from '#worker/services/webhooks';
import { as, db } from './helpers';
import { createArticle } from './content-factories';
import { RECEIVER, receiver, addWebhook, deliveriesOf, verify } from './webhooks-kit';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs the worker's queue handler on one message per delivery, as the queue would. */
async function consume(deliveryIds: string[], attempts = 1) {
  const batch = createMessageBatch<WebhookMessage>(
    'so-portal-webhooks',
    deliveryIds.map((deliveryId) => ({
      id: crypto.randomUUID(),
      timestamp: Date.now(),
      attempts,
      body: { deliveryId },
    })),
  );
  // The test pool's queue result names retried messages but not their delay: the calls of retry() tell it.
  const retries = batch.messages.map((m) => vi.spyOn(m, 'retry'));
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  const result = await getQueueResult(batch, ctx);
  const delays = retries.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds));
  return { ...result, delays };
}

describe('the queue consumer', () => {
  async function pendingDelivery() {
    const admin = await as('ADMIN');
    const made = await addWebhook(admin, ['article.updated']);
    const a = await createArticle({ title: 'Rye' });
    await db().batch([
      auditEntry(db(), systemScope(), {
        entityType: 'article',
        entityId: a.id,
        title: 'Rye',
        action: 'updated',
        fields: ['title', 'teaser'],
      }),
    ]);
    const [delivery] = await deliveriesOf(made.webhook.id);
    return { ...made, admin, article: a, delivery: delivery! };
  }

  it('POSTs the event signed with the webhook’s secret, no redirect followed, and marks it delivered', async () => {
    const { secret, delivery, article } = await pendingDelivery();
    const { received } = receiver(204);
    const result = await consume([delivery.id]);
    expect(result.explicitAcks).toEqual([expect.any(String)]);
    expect(result.retryMessages).toEqual([]);
    const [req] = received;
    expect(req!.url).toBe(RECEIVER);
    expect(req!.redirect).toBe('manual');
    expect(req!.headers.get('X-SO-Event')).toBe('article.updated');
    expect(req!.headers.get('X-SO-Delivery')).toBe(delivery.id);
    expect(await verify(secret, req!.headers.get('X-SO-Signature'), req!.body)).toBe(true);
    expect(await verify(secret, req!.headers.get('X-SO-Signature'), req!.body + ' ')).toBe(false);
    expect(await verify('whsec_other', req!.headers.get('X-SO-Signature'), req!.body)).toBe(false);
    const t = Number(/t=(\d+)/.exec(req!.headers.get('X-SO-Signature')!)![1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60);
    expect(JSON.parse(req!.body) as WebhookBody).toEqual({
      id: delivery.id,
      event: 'article.updated',
      createdAt: new Date(delivery.createdAt).toISOString(),
      data: {
        entity: { type: 'article', id: article.id, title: 'Rye' },
        action: 'updated',
        url: `${env.SITE_URL}/myaccount/articles/${article.id}`,
        actor: { kind: 'system', name: 'system', token: null },
        fields: ['title', 'teaser'],
      },
    });
    expect((await deliveriesOf(delivery.webhookId))[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 204,
      lastError: null,
    });
    // A repeated message of a delivered delivery sends nothing.
    await consume([delivery.id]);
    expect(received).toHaveLength(1);
  });

  it('retries with growing delays for more than a day, then fails; the admin’s retry starts over', async () => {
    const { admin, delivery } = await pendingDelivery();
    const { received } = receiver(503);
    const delays: (number | undefined)[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const result = await consume([delivery.id], attempt);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages).toHaveLength(1);
      delays.push(...result.delays);
      const row = (await deliveriesOf(delivery.webhookId))[0]!;
      expect(row).toMatchObject({
        status: 'pending',
        attempts: attempt,
        lastStatusCode: 503,
        lastError: 'Answered HTTP 503',
      });
    }
    expect(delays).toEqual([...RETRY_DELAYS_SECONDS]);
    expect(delays.every((d, i) => i === 0 || d! >= delays[i - 1]!)).toBe(true);
    expect(delays.reduce((sum, d) => sum! + d!, 0)).toBeGreaterThan(24 * 3600);
    expect(Math.max(...(delays as number[]))).toBeLessThanOrEqual(12 * 3600);
    const last = await consume([delivery.id], MAX_ATTEMPTS);
    expect(last.explicitAcks).toHaveLength(1);
    expect(last.retryMessages).toEqual([]);
    expect((await deliveriesOf(delivery.webhookId))[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(received).toHaveLength(MAX_ATTEMPTS);

    const sent = vi.spyOn(env.WEBHOOKS, 'sendBatch');
    const retry = await admin.call(`/webhooks/${delivery.webhookId}/deliveries/${delivery.id}/retry`, {
      method: 'POST',
    });
    expect(retry.status).toBe(200);
    expect(retry.body.result).toMatchObject({ status: 'pending', attempts: 0 });
    expect(sent).toHaveBeenCalledWith([{ body: { deliveryId: delivery.id } }]);
    const again = await admin.call(`/webhooks/${delivery.webhookId}/deliveries/${delivery.id}/retry`, {
      method: 'POST',
    });
    expect(again.status).toBe(409);
  });

  it('counts a redirect, a timeout-like failure and a refused address as failures', async () => {
    const { delivery } = await pendingDelivery();
    receiver(() => new Response(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } }));
    await consume([delivery.id]);
    expect((await deliveriesOf(delivery.webhookId))[0]).toMatchObject({
      status: 'pending',
      lastStatusCode: 302,
      lastError: 'Redirect not followed',
    });
    vi.restoreAllMocks();
    receiver(() => {
      throw new TypeError('Network connection lost');
    });
    await consume([delivery.id], 2);
    expect((await deliveriesOf(delivery.webhookId))[0]).toMatchObject({
      attempts: 2,
      lastStatusCode: null,
      lastError: 'Could not connect',
    });
    // The address is checked again before each attempt: a stored URL that is refused now fails at once, unsent.
    vi.restoreAllMocks();
    const { received } = receiver(200);
    await db()
      .update(webhooks)
      .set({ url: 'https://169.254.169.254/latest' })
      .where(eq(webhooks.id, delivery.webhookId));
    const result = await consume([delivery.id], 3);
    expect(result.explicitAcks).toHaveLength(1);
    expect(received).toEqual([]);
    expect((await deliveriesOf(delivery.webhookId))[0]).toMatchObject({
      status: 'failed',
      lastError: 'Webhook URL must name a host, not an IP address',
    });
  });

  it('is fed again by the Cron Trigger when a send was lost', async () => {
    const { delivery } = await pendingDelivery();
    const sent = vi.spyOn(env.WEBHOOKS, 'sendBatch');
    const now = Date.now();
    // Just written: the request's own send is still under way.
    // Never queued a minute later, or its attempt long overdue: back on the queue.
    // (Earlier tests of this file left deliveries of their own: only this one is looked at.)
    const resentIds = () =>
      sent.mock.calls.flatMap(([messages]) => [...messages].map((m) => (m.body as WebhookMessage).deliveryId));
    await runWebhookRecovery(env, now);
    expect(resentIds()).not.toContain(delivery.id);
    // Never queued a minute later, or its attempt long overdue: back on the queue.
    await runWebhookRecovery(env, now + 61_000);
    expect(resentIds()).toContain(delivery.id);
    sent.mockClear();
    await runWebhookRecovery(env, now + 62_000);
    expect(resentIds()).not.toContain(delivery.id);
    await runWebhookRecovery(env, now + 62_000 + LOST_AFTER_MS);
    expect(resentIds()).toContain(delivery.id);
  });
});
