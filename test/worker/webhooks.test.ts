// Webhooks (decision 035): the outbox rows written with their audit entry, the queue's consumer (signature, back-off,
// failure, the admin's retry), the SSRF rules, and the admin's routes.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { articles, auditLog, webhooks } from '#schema/tables';
import type { Env } from '#worker/env';
import { auditEntry, systemScope } from '#worker/services/audit';
import { signPayload, webhookUrlProblem } from '#worker/services/webhooks';
import { as, db } from './helpers';
import { createArticle } from './content-factories';
import { RECEIVER, receiver, addWebhook, deliveriesOf, verify } from './webhooks-kit';

afterEach(() => {
  vi.restoreAllMocks();
});

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
