// Scheduled publication (decision 030): a request's wished start keeps approved content unpublished until the
// Cron Trigger (every minute) publishes it, and its expiry ends it; a start in the past publishes at once.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles, publicationRequests } from '#schema/tables';
import worker from '#worker/index';
import { createArticle } from './content-factories';
import { as, db } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function cronAt(time: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: time, cron: '* * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}
const published = async (id: string) =>
  (await db().select().from(articles).where(eq(articles.id, id)).get())!.published;
const request = async (id: string) =>
  (await db().select().from(publicationRequests).where(eq(publicationRequests.id, id)).get())!;

async function scheduledArticle(start: number, end: number | null = null) {
  const editor = await as('CLIENT');
  const admin = await as('ADMIN');
  const a = await createArticle({ userId: editor.user!.id, published: false });
  const asked = await editor.call('/publications', {
    method: 'POST',
    body: {
      contentId: a.id,
      type: 'article',
      publishAt: new Date(start).toISOString(),
      expirationDate: end === null ? null : new Date(end).toISOString(),
    },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return { editor, admin, a, requestId: asked.body.result.id as string };
}

describe('scheduled publication', () => {
  it('an approved request with a future start stays unpublished until the Cron Trigger publishes it, then expires', async () => {
    const now = Date.now();
    const start = now + 2 * HOUR;
    const end = now + 5 * HOUR;
    const { admin, a, requestId, editor } = await scheduledArticle(start, end);
    const approved = await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: requestId, status: 'APPROVED' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.result.publishAt).toBe(new Date(start).toISOString());
    expect(await published(a.id)).toBe(false);
    // The workspace list says when.
    const listed = await editor.call(`/workspace/articles?id=${a.id}`);
    expect(listed.body.result.items[0].publication.publishAt).toBe(new Date(start).toISOString());
    await cronAt(start - MINUTE);
    expect(await published(a.id)).toBe(false);
    await cronAt(start + 30_000);
    expect(await published(a.id)).toBe(true);
    expect((await request(requestId)).publishAt).toBeNull();
    expect((await request(requestId)).status).toBe('APPROVED');
    await cronAt(end + 30_000);
    expect(await published(a.id)).toBe(false);
    expect((await request(requestId)).status).toBe('EXPIRED');
  });

  it('approving with a start in the past publishes at once', async () => {
    const { admin, a, requestId } = await scheduledArticle(Date.now() + 200);
    await new Promise((r) => setTimeout(r, 250));
    await admin.call('/publications/update-status', { method: 'PUT', body: { id: requestId, status: 'APPROVED' } });
    expect(await published(a.id)).toBe(true);
    expect((await request(requestId)).publishAt).toBeNull();
  });

  it('changing the start of an approved request: to the past publishes at once, to the future unpublishes until then', async () => {
    const now = Date.now();
    const { admin, a, requestId } = await scheduledArticle(now + HOUR);
    await admin.call('/publications/update-status', { method: 'PUT', body: { id: requestId, status: 'APPROVED' } });
    expect(await published(a.id)).toBe(false);
    const past = await admin.call('/publications/update-start', {
      method: 'PUT',
      body: { id: requestId, publishAt: new Date(now - HOUR).toISOString() },
    });
    expect(past.status).toBe(200);
    expect(await published(a.id)).toBe(true);
    await admin.call('/publications/update-start', {
      method: 'PUT',
      body: { id: requestId, publishAt: new Date(now + 3 * HOUR).toISOString() },
    });
    expect(await published(a.id)).toBe(false);
    await cronAt(now + 3 * HOUR + MINUTE);
    expect(await published(a.id)).toBe(true);
  });

  it('refuses a start after the expiry, and only ADMIN changes a start', async () => {
    const editor = await as('CLIENT');
    const a = await createArticle({ userId: editor.user!.id, published: false });
    const now = Date.now();
    const res = await editor.call('/publications', {
      method: 'POST',
      body: {
        contentId: a.id,
        type: 'article',
        publishAt: new Date(now + 2 * HOUR).toISOString(),
        expirationDate: new Date(now + HOUR).toISOString(),
      },
    });
    expect(res.status).toBe(400);
    const { requestId } = await scheduledArticle(now + HOUR);
    expect(
      (await editor.call('/publications/update-start', { method: 'PUT', body: { id: requestId, publishAt: null } }))
        .status,
    ).toBe(403);
  });

  it('the local trigger routes are no part of the worker: a deployment answers them 404 and runs nothing', async () => {
    // npm start and npm run dev fire the handler through Miniflare's /cdn-cgi/local/scheduled (decision 040);
    // wrangler's --test-scheduled would add /__scheduled. The worker itself must answer neither.
    const { admin, a, requestId } = await scheduledArticle(Date.now() + 1000);
    await admin.call('/publications/update-status', { method: 'PUT', body: { id: requestId, status: 'APPROVED' } });
    await new Promise((r) => setTimeout(r, 1100));
    for (const path of [
      '/__scheduled?cron=*+*+*+*+*',
      '/cdn-cgi/local/scheduled?cron=*+*+*+*+*',
      '/cdn-cgi/handler/scheduled',
    ]) {
      const res = await exports.default.fetch(new Request(`http://localhost${path}`));
      await res.body?.cancel();
      expect(res.status, path).toBe(404);
    }
    expect(await published(a.id)).toBe(false);
    await cronAt(Date.now());
    expect(await published(a.id)).toBe(true);
  });
});
