import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicationRequest, publicationRequestPage, publishedItem } from '#schema/entities';
import { articles, channels, publicationRequests } from '#schema/tables';
import { updatePublicationStatus } from '#worker/queries/publications';
import { createArticle, createChannel } from './content-factories';
import { as, call, db } from './helpers';
import { systemScope } from '#worker/services/audit';

const uuid = () => crypto.randomUUID();
type Caller = Awaited<ReturnType<typeof as>>;

const requestPublication = (who: Caller, contentId: string, type: 'article' | 'channel') =>
  who.call('/publications', { method: 'POST', body: { contentId, type } });
const setStatus = (who: Caller, id: string, status: string) =>
  who.call('/publications/update-status', { method: 'PUT', body: { id, status } });
const setExpiration = (who: Caller, id: string, expirationDate: string | null) =>
  who.call('/publications/update-expiration', { method: 'PUT', body: { id, expirationDate } });

const articlePublished = async (id: string) =>
  (await db().select().from(articles).where(eq(articles.id, id)).get())!.published;
const channelPublished = async (id: string) =>
  (await db().select().from(channels).where(eq(channels.id, id)).get())!.published;

describe('POST /publications', () => {
  it('opens a PENDING request for the owner’s own draft; a second open one is 409', async () => {
    const editor = await as('CLIENT');
    const article = await createArticle({ userId: editor.user!.id, published: false });
    const res = await requestPublication(editor, article.id, 'article');
    expect(res.status).toBe(201);
    expect(publicationRequest.parse(res.body.result)).toMatchObject({
      userId: editor.user!.id,
      contentId: article.id,
      type: 'article',
      status: 'PENDING',
      expirationDate: null,
    });
    expect((await requestPublication(editor, article.id, 'article')).body).toEqual({
      code: 409,
      message: 'An open publication request for this content exists',
      result: null,
    });
    const contributor = await as('CONTRIBUTOR');
    const channel = await createChannel({ userId: contributor.user!.id, published: false });
    expect((await requestPublication(contributor, channel.id, 'channel')).body.result).toMatchObject({
      type: 'channel',
      status: 'PENDING',
    });
  });

  it('refuses other people’s content, published content, unknown content and the wrong type', async () => {
    const editor = await as('CLIENT');
    const othersPublished = await createArticle();
    const othersDraft = await createArticle({ published: false });
    const ownPublished = await createArticle({ userId: editor.user!.id });
    const ownChannel = await createChannel({ userId: editor.user!.id, published: false });
    expect((await requestPublication(editor, othersPublished.id, 'article')).body).toEqual({
      code: 403,
      message: 'Only the owner may ask for publication',
      result: null,
    });
    expect((await requestPublication(editor, othersDraft.id, 'article')).body).toEqual({
      code: 404,
      message: 'Article not found',
      result: null,
    });
    expect((await requestPublication(editor, ownPublished.id, 'article')).body).toEqual({
      code: 409,
      message: 'Already published',
      result: null,
    });
    expect((await requestPublication(editor, uuid(), 'channel')).body).toEqual({
      code: 404,
      message: 'Channel not found',
      result: null,
    });
    expect((await requestPublication(editor, ownChannel.id, 'article')).status).toBe(404);
  });

  it('is for editor roles: 401 anonymous, 403 REGULAR_USER, ADMIN may ask for any content', async () => {
    const article = await createArticle({ published: false });
    expect(
      (await call('/publications', { method: 'POST', body: { contentId: article.id, type: 'article' } })).status,
    ).toBe(401);
    expect((await requestPublication(await as('REGULAR_USER'), article.id, 'article')).body).toEqual({
      code: 403,
      message: 'Your role may not do this',
      result: null,
    });
    expect((await requestPublication(await as('ADMIN'), article.id, 'article')).status).toBe(201);
    const bad = await (
      await as('CLIENT')
    ).call('/publications', { method: 'POST', body: { contentId: article.id, type: 'news' } });
    expect(bad.status).toBe(400);
  });
});

describe('GET /publications/requests', () => {
  it('shows ADMIN every request and editors their own, with user name and content title', async () => {
    const a = await as('CLIENT');
    const b = await as('CONTRIBUTOR');
    const admin = await as('ADMIN');
    const mine = await createArticle({ userId: a.user!.id, published: false, title: 'A draft' });
    const theirs = await createChannel({ userId: b.user!.id, published: false, name: 'B channel' });
    const ra = (await requestPublication(a, mine.id, 'article')).body.result;
    const rb = (await requestPublication(b, theirs.id, 'channel')).body.result;

    const own = publicationRequestPage.parse((await a.call('/publications/requests')).body.result).items;
    expect(own.map((r) => [r.id, r.userName, r.contentTitle])).toEqual([[ra.id, a.user!.name, 'A draft']]);
    const all = publicationRequestPage.parse((await admin.call('/publications/requests')).body.result).items;
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([ra.id, rb.id]));
    expect(all.find((r) => r.id === rb.id)).toMatchObject({ contentTitle: 'B channel', userName: b.user!.name });

    await setStatus(admin, rb.id, 'REJECTED');
    const rejected = (await admin.call('/publications/requests?status=REJECTED')).body.result.items;
    expect(rejected.map((r: { id: string }) => r.id)).toContain(rb.id);
    expect(rejected.map((r: { id: string }) => r.id)).not.toContain(ra.id);
    expect((await admin.call('/publications/requests?status=DONE')).status).toBe(400);
  });

  it('is 403 for REGULAR_USER and 401 for anonymous', async () => {
    expect((await (await as('REGULAR_USER')).call('/publications/requests')).status).toBe(403);
    expect((await call('/publications/requests')).body).toEqual({
      code: 401,
      message: 'Sign-in required',
      result: null,
    });
  });
});

describe('PUT /publications/update-status', () => {
  it('APPROVED publishes the content, REJECTED afterwards unpublishes it again', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const article = await createArticle({ userId: editor.user!.id, published: false, title: 'Going live' });
    const request = (await requestPublication(editor, article.id, 'article')).body.result;

    const approved = await setStatus(admin, request.id, 'APPROVED');
    expect(approved.status).toBe(200);
    expect(publicationRequest.parse(approved.body.result).status).toBe('APPROVED');
    expect(await articlePublished(article.id)).toBe(true);
    const listed = z.array(publishedItem).parse((await call('/publications')).body.result);
    expect(listed.find((p) => p.id === request.id)).toEqual({
      id: request.id,
      contentId: article.id,
      type: 'article',
      slug: article.slug,
      contentTitle: 'Going live',
      expirationDate: null,
    });

    expect((await setStatus(admin, request.id, 'REJECTED')).body.result.status).toBe('REJECTED');
    expect(await articlePublished(article.id)).toBe(false);
    expect((await call('/publications')).body.result.find((p: { id: string }) => p.id === request.id)).toBeUndefined();
  });

  it('REJECTED of a pending request leaves the content as it is, and is final', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const channel = await createChannel({ userId: editor.user!.id, published: false });
    const request = (await requestPublication(editor, channel.id, 'channel')).body.result;
    expect((await setStatus(admin, request.id, 'REJECTED')).body.result.status).toBe('REJECTED');
    expect(await channelPublished(channel.id)).toBe(false);
    expect((await setStatus(admin, request.id, 'APPROVED')).body).toEqual({
      code: 400,
      message: 'A rejected publication request cannot become approved',
      result: { issues: [] },
    });
    expect(await channelPublished(channel.id)).toBe(false);
    // The owner asks again instead.
    expect((await requestPublication(editor, channel.id, 'channel')).status).toBe(201);
  });

  it('keeps content published while another approved request covers it', async () => {
    const editor = await as('CLIENT');
    const article = await createArticle({ userId: editor.user!.id, published: false });
    const first = (await requestPublication(editor, article.id, 'article')).body.result;
    const admin = (await as('ADMIN')).user!;
    await updatePublicationStatus(db(), first.id, 'APPROVED', { by: admin.id }, systemScope());
    // A second approved request (ADMIN set both) for the same content.
    const second = crypto.randomUUID();
    await db()
      .insert(publicationRequests)
      .values({ id: second, userId: editor.user!.id, contentId: article.id, type: 'article', status: 'APPROVED' });
    await updatePublicationStatus(db(), first.id, 'EXPIRED', { by: admin.id }, systemScope());
    expect(await articlePublished(article.id)).toBe(true);
    await updatePublicationStatus(db(), second, 'REJECTED', { by: admin.id }, systemScope());
    expect(await articlePublished(article.id)).toBe(false);
  });

  it('refuses to approve past the expiration date, or when the content is gone', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const article = await createArticle({ userId: editor.user!.id, published: false });
    const request = (await requestPublication(editor, article.id, 'article')).body.result;
    await setExpiration(admin, request.id, new Date(Date.now() - 60_000).toISOString());
    expect((await setStatus(admin, request.id, 'APPROVED')).body).toEqual({
      code: 409,
      message: 'The expiration date has passed; change it before approving',
      result: null,
    });
    expect(await articlePublished(article.id)).toBe(false);
    const orphan = crypto.randomUUID();
    await db()
      .insert(publicationRequests)
      .values({ id: orphan, userId: editor.user!.id, contentId: uuid(), type: 'channel' });
    expect((await setStatus(admin, orphan, 'APPROVED')).status).toBe(404);
  });

  it('is ADMIN only, validates, and 404s an unknown request', async () => {
    const editor = await as('CLIENT');
    const article = await createArticle({ userId: editor.user!.id, published: false });
    const request = (await requestPublication(editor, article.id, 'article')).body.result;
    expect((await setStatus(editor, request.id, 'APPROVED')).status).toBe(403);
    expect((await setStatus(await as('REGULAR_USER'), request.id, 'APPROVED')).status).toBe(403);
    expect(
      (await call('/publications/update-status', { method: 'PUT', body: { id: request.id, status: 'APPROVED' } }))
        .status,
    ).toBe(401);
    const admin = await as('ADMIN');
    expect((await setStatus(admin, request.id, 'LIVE')).status).toBe(400);
    expect((await setStatus(admin, uuid(), 'APPROVED')).body).toEqual({
      code: 404,
      message: 'Publication request not found',
      result: null,
    });
    expect(await articlePublished(article.id)).toBe(false);
  });
});

describe('PUT /publications/update-expiration', () => {
  it('sets and clears the date (ADMIN only)', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const article = await createArticle({ userId: editor.user!.id, published: false });
    const request = (await requestPublication(editor, article.id, 'article')).body.result;
    const date = '2031-05-06T07:08:09.000Z';
    const set = await setExpiration(admin, request.id, date);
    expect(set.status).toBe(200);
    expect(set.body.result).toMatchObject({ id: request.id, expirationDate: date });
    expect(
      (await db().select().from(publicationRequests).where(eq(publicationRequests.id, request.id)).get())!
        .expirationDate,
    ).toBe(Date.parse(date));
    expect((await setExpiration(admin, request.id, null)).body.result.expirationDate).toBeNull();
    expect((await setExpiration(editor, request.id, date)).status).toBe(403);
    expect(
      (await call('/publications/update-expiration', { method: 'PUT', body: { id: request.id, expirationDate: date } }))
        .status,
    ).toBe(401);
    expect((await setExpiration(admin, request.id, 'next week')).status).toBe(400);
    expect((await setExpiration(admin, uuid(), date)).status).toBe(404);
  });
});

describe('GET /publications', () => {
  it('lists approved items the caller may see, soonest expiry first', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const later = await createArticle({ userId: editor.user!.id, published: false });
    const sooner = await createChannel({ userId: editor.user!.id, published: false });
    const hidden = await createArticle({ userId: editor.user!.id, published: false, hidden: true });
    const pending = await createArticle({ userId: editor.user!.id, published: false });
    const ids: Record<string, string> = {};
    for (const [name, id, type] of [
      ['later', later.id, 'article'],
      ['sooner', sooner.id, 'channel'],
      ['hidden', hidden.id, 'article'],
      ['pending', pending.id, 'article'],
    ] as const) {
      ids[name] = (await requestPublication(editor, id, type)).body.result.id;
    }
    await setExpiration(admin, ids.later!, '2040-01-01T00:00:00.000Z');
    await setExpiration(admin, ids.sooner!, '2039-01-01T00:00:00.000Z');
    for (const name of ['later', 'sooner', 'hidden']) await setStatus(admin, ids[name]!, 'APPROVED');

    const res = await call('/publications');
    expect(res.status).toBe(200);
    const mineListed = z
      .array(publishedItem)
      .parse(res.body.result)
      .filter((p) => Object.values(ids).includes(p.id));
    expect(mineListed.map((p) => [p.id, p.expirationDate])).toEqual([
      [ids.sooner, '2039-01-01T00:00:00.000Z'],
      [ids.later, '2040-01-01T00:00:00.000Z'],
    ]);
  });
});
