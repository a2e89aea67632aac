// Webhooks (decision 035): the outbox rows written with their audit entry, the queue's consumer (signature, back-off,
// failure, the admin's retry), the SSRF rules, and the admin's routes.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { articles, auditLog, webhookDeliveries, webhooks } from '#schema/tables';
import type { WebhookEvent } from '#schema/enums';
import worker from '#worker/index';
import type { Env } from '#worker/env';
import { auditEntry, systemScope } from '#worker/services/audit';
import { runWebhookRecovery } from '#worker/scheduled';
import {
  LOST_AFTER_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
  signPayload,
  webhookUrlProblem,
  type WebhookBody,
  type WebhookMessage,
} from '#worker/services/webhooks';
import { as, db } from './helpers';
import { createArticle } from './content-factories';

const RECEIVER = 'https://hooks.example.com/so-portal';

interface Received {
  url: string;
  headers: Headers;
  body: string;
  redirect: RequestRedirect | undefined;
}

/** Stands in for the receivers (the outside world): records each request and answers `status`. */
function receiver(status: number | (() => Response) = 200) {
  const received: Received[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    received.push({
      url: request.url,
      headers: request.headers,
      body: await request.text(),
      redirect: init?.redirect,
    });
    return typeof status === 'number' ? new Response(status === 204 ? null : 'ignored', { status }) : status();
  });
  return { received, spy };
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function addWebhook(admin: Awaited<ReturnType<typeof as>>, events: WebhookEvent[], url = RECEIVER) {
  const res = await admin.call('/webhooks', { method: 'POST', body: { url, events } });
  expect(res.status).toBe(201);
  return res.body.result as { webhook: { id: string }; secret: string };
}

const deliveriesOf = (webhookId: string) =>
  db().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).all();

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

/** Verifies X-SO-Signature the way a receiver does: recompute the HMAC of "<t>.<body>" with the secret. */
async function verify(secret: string, header: string | null, body: string): Promise<boolean> {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const mac = Uint8Array.from(parts.v1!.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', key, mac, new TextEncoder().encode(`${parts.t}.${body}`));
}

describe('webhook URLs (not a way in)', () => {
  const rules = { allowLocal: false, siteUrl: 'https://portal.example.org' };
  it.each([
    ['http://hooks.example.com/x', 'https'],
    ['https://10.0.0.5/x', 'IP address'],
    ['https://172.16.3.4/x', 'IP address'],
    ['https://192.168.1.1/x', 'IP address'],
    ['https://127.0.0.1/x', 'IP address'],
    ['https://2130706433/x', 'IP address'],
    ['https://0x7f.1/x', 'IP address'],
    ['https://169.254.169.254/latest/meta-data', 'IP address'],
    ['https://100.64.0.1/x', 'IP address'],
    ['https://[::1]/x', 'IP address'],
    ['https://[fd00::1]/x', 'IP address'],
    ['https://[fe80::1]/x', 'IP address'],
    ['https://[::ffff:127.0.0.1]/x', 'IP address'],
    ['https://8.8.8.8/x', 'IP address'],
    ['https://localhost/x', 'public host'],
    ['https://LOCALHOST./x', 'public host'],
    ['https://api.localhost/x', 'public host'],
    ['https://printer.local/x', 'public host'],
    ['https://metadata.google.internal/x', 'public host'],
    ['https://intranet/x', 'public host'],
    ['https://portal.example.org/api/articles', 'portal itself'],
    ['https://user:pw@hooks.example.com/x', 'user name or password'],
    ['not a url', 'not a valid URL'],
    ['http://localhost:9999/x', 'https'],
  ])('refuses %s', (url, why) => {
    expect(webhookUrlProblem(url, rules)).toContain(why);
  });

  it('takes a public https host', () => {
    expect(webhookUrlProblem('https://hooks.example.com/so?x=1', rules)).toBeNull();
    expect(webhookUrlProblem('https://hooks.example.com:8443/so', rules)).toBeNull();
  });

  it('takes http on loopback only where the local exception is on, and never the portal itself', () => {
    const local = { allowLocal: true, siteUrl: 'http://localhost:8787' };
    expect(webhookUrlProblem('http://localhost:9999/hook', local)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:9999/hook', local)).toBeNull();
    expect(webhookUrlProblem('http://localhost:8787/api/articles', local)).toContain('portal itself');
    expect(webhookUrlProblem('http://10.0.0.5/hook', local)).toContain('https');
    expect(webhookUrlProblem('https://192.168.1.1/hook', local)).toContain('IP address');
  });

  it('keep the local exception out of wrangler.toml (so out of production)', () => {
    // The worker tests run with wrangler.toml's vars: what a deployment gets.
    expect((env as Env).WEBHOOKS_ALLOW_LOCAL).toBeUndefined();
  });

  it('are refused at creation with a clear 400, and nothing is stored', async () => {
    const admin = await as('ADMIN');
    for (const [url, message] of [
      ['https://169.254.169.254/latest', 'must name a host, not an IP address at "url"'],
      ['http://hooks.example.com/x', 'must use https at "url"'],
      ['ftp://hooks.example.com/x', 'Expected an http or https URL'],
    ] as const) {
      const res = await admin.call('/webhooks', { method: 'POST', body: { url, events: ['article.created'] } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const res = await admin.call('/webhooks', { method: 'POST', body: { url: RECEIVER, events: [] } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Choose at least one event');
    expect(await db().select().from(webhooks).all()).toEqual([]);
  });
});

describe('webhooks', () => {
  it('are made with a secret shown once and stored encrypted, and recorded in the audit log', async () => {
    const admin = await as('ADMIN');
    const { webhook, secret } = await addWebhook(admin, ['article.published', 'article.published']);
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    const row = (await db().select().from(webhooks).where(eq(webhooks.id, webhook.id)).get())!;
    expect(row.secret).not.toContain(secret.slice(6));
    expect(row.events).toEqual(['article.published']);
    const list = await admin.call('/webhooks');
    expect(JSON.stringify(list.body.result)).not.toContain(secret);
    expect(list.body.result).toEqual([expect.objectContaining({ id: webhook.id, url: RECEIVER, active: true })]);
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, webhook.id)).all();
    expect(entries).toEqual([
      expect.objectContaining({ entityType: 'webhook', action: 'created', entityTitle: RECEIVER }),
    ]);
  });

  it('change, rotate their secret and are deleted with their deliveries, each change in the audit log', async () => {
    const admin = await as('ADMIN');
    const { webhook, secret } = await addWebhook(admin, ['article.deleted']);
    const changed = await admin.call(`/webhooks/${webhook.id}`, {
      method: 'PUT',
      body: { events: ['article.created', 'news.published'], active: false, rotateSecret: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.result.webhook).toMatchObject({ events: ['article.created', 'news.published'], active: false });
    expect(changed.body.result.secret).toMatch(/^whsec_/);
    expect(changed.body.result.secret).not.toBe(secret);
    const refused = await admin.call(`/webhooks/${webhook.id}`, { method: 'PUT', body: { url: 'https://10.1.1.1/' } });
    expect(refused.status).toBe(400);

    const a = await createArticle();
    await db().batch([
      auditEntry(db(), systemScope(), { entityType: 'article', entityId: a.id, title: 'x', action: 'created' }),
    ]);
    expect(await deliveriesOf(webhook.id)).toEqual([]); // turned off: no delivery
    await admin.call(`/webhooks/${webhook.id}`, { method: 'PUT', body: { active: true } });
    await db().batch([
      auditEntry(db(), systemScope(), { entityType: 'article', entityId: a.id, title: 'x', action: 'created' }),
    ]);
    expect(await deliveriesOf(webhook.id)).toHaveLength(1);

    expect((await admin.call(`/webhooks/${webhook.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await deliveriesOf(webhook.id)).toEqual([]);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, webhook.id)).all()).map((e) => [
      e.action,
      e.fields,
    ]);
    expect(actions).toEqual([
      ['created', null],
      ['updated', ['events', 'active', 'secret']],
      ['updated', ['active']],
      ['deleted', null],
    ]);
    expect((await admin.call(`/webhooks/${webhook.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('the outbox', () => {
  it('writes a delivery in the change’s own batch, for subscribed active webhooks only, and queues it', async () => {
    const admin = await as('ADMIN');
    const deletes = await addWebhook(admin, ['article.deleted', 'article.created']);
    const creates = await addWebhook(admin, ['article.created']);
    const editor = await as('CLIENT');
    const a = await createArticle({ userId: editor.user!.id, title: 'Bread at altitude' });
    const res = await editor.call(`/articles/${a.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const entry = (await db().select().from(auditLog).where(eq(auditLog.entityId, a.id)).get())!;
    const [delivery, ...more] = await deliveriesOf(deletes.webhook.id);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({
      auditId: entry.id,
      event: 'article.deleted',
      status: 'pending',
      attempts: 0,
      payload: expect.objectContaining({ entityId: a.id, title: 'Bread at altitude', actorName: editor.user!.name }),
    });
    expect(delivery!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await deliveriesOf(creates.webhook.id)).toEqual([]);
    // The request put it on the queue after its answer (waitUntil): its attempt is due.
    await vi.waitFor(async () => expect((await deliveriesOf(deletes.webhook.id))[0]!.nextAttemptAt).not.toBeNull());
  });

  it('maps audit actions to events: an expiry is an unpublish, approvals and rejections are decisions', async () => {
    const admin = await as('ADMIN');
    const { webhook } = await addWebhook(admin, ['channel.unpublished', 'publication.decided', 'news.updated']);
    const scope = systemScope();
    const fact = (entityType: 'channel' | 'news', action: 'expired' | 'publication_rejected' | 'updated') =>
      auditEntry(db(), scope, { entityType, entityId: crypto.randomUUID(), title: 't', action, fields: ['title'] });
    await db().batch([fact('channel', 'expired'), fact('news', 'publication_rejected'), fact('news', 'updated')]);
    const events = (await deliveriesOf(webhook.id)).map((d) => d.event).sort();
    expect(events).toEqual(['channel.unpublished', 'news.updated', 'publication.decided']);
  });

  it('leaves no delivery when the change’s batch fails', async () => {
    const admin = await as('ADMIN');
    const { webhook } = await addWebhook(admin, ['article.deleted']);
    const a = await createArticle();
    await expect(
      db().batch([
        auditEntry(db(), systemScope(), { entityType: 'article', entityId: a.id, title: 'x', action: 'deleted' }),
        db().delete(articles).where(eq(articles.id, a.id)),
        db().run(sql`insert into no_such_table values (1)`),
      ]),
    ).rejects.toThrow();
    expect(await deliveriesOf(webhook.id)).toEqual([]);
  });
});

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

describe('the admin’s deliveries', () => {
  it('lists them newest first with status, attempts and code, and a ping is one of them', async () => {
    const admin = await as('ADMIN');
    const { webhook, secret } = await addWebhook(admin, ['article.created']);
    const { received } = receiver(200);
    const ping = await admin.call(`/webhooks/${webhook.id}/ping`, { method: 'POST' });
    expect(ping.status).toBe(200);
    expect(ping.body.result).toMatchObject({ event: 'ping', status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(await verify(secret, received[0]!.headers.get('X-SO-Signature'), received[0]!.body)).toBe(true);
    vi.restoreAllMocks();
    receiver(500);
    const failed = await admin.call(`/webhooks/${webhook.id}/ping`, { method: 'POST' });
    expect(failed.body.result).toMatchObject({ status: 'failed', lastStatusCode: 500, lastError: 'Answered HTTP 500' });
    const list = await admin.call(`/webhooks/${webhook.id}/deliveries`);
    expect(list.status).toBe(200);
    expect(list.body.result.map((d: { id: string }) => d.id)).toEqual([failed.body.result.id, ping.body.result.id]);
    expect((await admin.call(`/webhooks/${crypto.randomUUID()}/deliveries`)).status).toBe(404);
  });
});

describe('signPayload', () => {
  it('is the hex HMAC-SHA256 of "<t>.<body>"', async () => {
    // Computed with: printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(await signPayload('whsec_test', 1_700_000_000, '{"a":1}')).toBe(
      '38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789',
    );
  });
});
