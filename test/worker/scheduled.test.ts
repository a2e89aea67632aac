import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles, channels, publicationRequests } from '#schema/tables';
import worker from '#worker/index';
import { runScheduled } from '#worker/scheduled';
import { createArticle, createChannel } from './content-factories';
import { as, db } from './helpers';

type Caller = Awaited<ReturnType<typeof as>>;

/** Runs the worker's scheduled handler as the Cron Trigger would, at `time`. */
async function cronAt(time: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: time, cron: '*/5 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const statusOf = async (id: string) =>
  (await db().select().from(publicationRequests).where(eq(publicationRequests.id, id)).get())!.status;
const articlePublished = async (id: string) =>
  (await db().select().from(articles).where(eq(articles.id, id)).get())!.published;
const channelPublished = async (id: string) =>
  (await db().select().from(channels).where(eq(channels.id, id)).get())!.published;

async function approvedUntil(
  editor: Caller,
  admin: Caller,
  contentId: string,
  type: 'article' | 'channel',
  expiration: number | null,
) {
  const request = (await editor.call('/publications', { method: 'POST', body: { contentId, type } })).body.result;
  await admin.call('/publications/update-expiration', {
    method: 'PUT',
    body: { id: request.id, expirationDate: expiration === null ? null : new Date(expiration).toISOString() },
  });
  expect(
    (await admin.call('/publications/update-status', { method: 'PUT', body: { id: request.id, status: 'APPROVED' } }))
      .status,
  ).toBe(200);
  return request.id as string;
}

describe('the scheduled handler', () => {
  it('drives the publish/expire cycle: published until the date, then unpublished and EXPIRED', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const reader = await as('REGULAR_USER');
    const expiry = Date.now() + 3_600_000;
    const article = await createArticle({ userId: editor.user!.id, published: false });
    const channel = await createChannel({ userId: editor.user!.id, published: false });
    const articleRequest = await approvedUntil(editor, admin, article.id, 'article', expiry);
    const channelRequest = await approvedUntil(editor, admin, channel.id, 'channel', expiry);
    expect(await articlePublished(article.id)).toBe(true);
    expect(await channelPublished(channel.id)).toBe(true);
    expect((await reader.call('/myso/user-articles', { method: 'POST', body: { contentId: article.id } })).status).toBe(
      201,
    );

    await cronAt(expiry - 1);
    expect(await statusOf(articleRequest)).toBe('APPROVED');
    expect(await articlePublished(article.id)).toBe(true);

    await cronAt(expiry);
    expect(await statusOf(articleRequest)).toBe('EXPIRED');
    expect(await statusOf(channelRequest)).toBe('EXPIRED');
    expect(await articlePublished(article.id)).toBe(false);
    expect(await channelPublished(channel.id)).toBe(false);
    // Others no longer see it; it leaves the public list of publications.
    expect((await reader.call('/myso/user-articles')).body.result).toEqual([]);
    const listed = (await reader.call('/publications')).body.result.map((p: { id: string }) => p.id);
    expect(listed).not.toContain(articleRequest);
    // The owner may ask again.
    expect(
      (await editor.call('/publications', { method: 'POST', body: { contentId: article.id, type: 'article' } })).status,
    ).toBe(201);
  });

  it('leaves open-ended, future, pending and rejected requests alone', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const now = Date.now();
    const openEnded = await createArticle({ userId: editor.user!.id, published: false });
    const future = await createArticle({ userId: editor.user!.id, published: false });
    const openEndedId = await approvedUntil(editor, admin, openEnded.id, 'article', null);
    const futureId = await approvedUntil(editor, admin, future.id, 'article', now + 86_400_000);
    const pending = await createArticle({ userId: editor.user!.id, published: false });
    const pendingId = (
      await editor.call('/publications', { method: 'POST', body: { contentId: pending.id, type: 'article' } })
    ).body.result.id;
    await admin.call('/publications/update-expiration', {
      method: 'PUT',
      body: { id: pendingId, expirationDate: new Date(now - 1000).toISOString() },
    });
    const rejected = await createArticle({ userId: editor.user!.id, published: false });
    const rejectedId = (
      await editor.call('/publications', { method: 'POST', body: { contentId: rejected.id, type: 'article' } })
    ).body.result.id;
    await admin.call('/publications/update-expiration', {
      method: 'PUT',
      body: { id: rejectedId, expirationDate: new Date(now - 1000).toISOString() },
    });
    await admin.call('/publications/update-status', { method: 'PUT', body: { id: rejectedId, status: 'REJECTED' } });

    const expired = (await runScheduled(env, now)).map((e) => e.id);
    for (const id of [openEndedId, futureId, pendingId, rejectedId]) expect(expired).not.toContain(id);
    expect(await statusOf(openEndedId)).toBe('APPROVED');
    expect(await statusOf(futureId)).toBe('APPROVED');
    expect(await statusOf(pendingId)).toBe('PENDING');
    expect(await statusOf(rejectedId)).toBe('REJECTED');
    expect(await articlePublished(openEnded.id)).toBe(true);
    expect(await articlePublished(future.id)).toBe(true);
  });

  it('keeps content published that another live approved request covers', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const now = Date.now();
    const article = await createArticle({ userId: editor.user!.id, published: false });
    const dueId = await approvedUntil(editor, admin, article.id, 'article', now + 1000);
    const liveId = crypto.randomUUID();
    await db()
      .insert(publicationRequests)
      .values({
        id: liveId,
        userId: editor.user!.id,
        contentId: article.id,
        type: 'article',
        status: 'APPROVED',
        expirationDate: now + 86_400_000,
      });
    const expired = await runScheduled(env, now + 1000);
    expect(expired).toEqual([{ id: dueId, contentId: article.id, type: 'article' }]);
    expect(await articlePublished(article.id)).toBe(true);
    expect(await statusOf(liveId)).toBe('APPROVED');
  });

  it('expires an approved request whose date an admin moves into the past on the next run', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const channel = await createChannel({ userId: editor.user!.id, published: false });
    const id = await approvedUntil(editor, admin, channel.id, 'channel', null);
    const past = Date.now() - 1000;
    await admin.call('/publications/update-expiration', {
      method: 'PUT',
      body: { id, expirationDate: new Date(past).toISOString() },
    });
    expect(await channelPublished(channel.id)).toBe(true);
    await cronAt(Date.now());
    expect(await statusOf(id)).toBe('EXPIRED');
    expect(await channelPublished(channel.id)).toBe(false);
  });
});
