import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentAccessListItem, contentAccessPage, contentRequest, contentRequestPage } from '#schema/entities';
import { contentAccess, contentRequests } from '#schema/tables';
import { listContentRequests, requestAccess } from '#worker/queries/user-content';
import { decideRequest } from '#worker/queries/access-decisions';
import { createArticle, createChannel, grantAccess } from './content-factories';
import { as, call, createUser, db } from './helpers';
import { systemScope } from '#worker/services/audit';

const uuid = () => crypto.randomUUID();
type Caller = Awaited<ReturnType<typeof as>>;

const ask = (who: Caller, contentId: string, contentType: 'article' | 'channel') =>
  who.call('/userContent', { method: 'POST', body: { contentId, contentType } });

async function grantsOf(userId: string, contentId: string) {
  return db()
    .select()
    .from(contentAccess)
    .where(and(eq(contentAccess.userId, userId), eq(contentAccess.contentId, contentId)))
    .all();
}

describe('POST /userContent (asking for access)', () => {
  it('opens a PENDING request for a restricted article and refuses a second open one with 409', async () => {
    const reader = await as('REGULAR_USER');
    const article = await createArticle({ restricted: true });
    const res = await ask(reader, article.id, 'article');
    expect(res.status).toBe(201);
    expect(contentRequest.parse(res.body.result)).toMatchObject({
      userId: reader.user!.id,
      contentId: article.id,
      contentType: 'article',
      status: 'PENDING',
    });
    const again = await ask(reader, article.id, 'article');
    expect(again.body).toEqual({ code: 409, message: 'An open request for this content exists', result: null });
    // Another user has their own request.
    expect((await ask(await as('REGULAR_USER'), article.id, 'article')).status).toBe(201);
  });

  it('lets a user ask for a private channel they cannot see, by its id', async () => {
    const reader = await as('REGULAR_USER');
    const channel = await createChannel({ private: true });
    expect((await call(`/channels/${channel.id}`, { cookie: reader.cookie })).status).not.toBe(200);
    expect((await ask(reader, channel.id, 'channel')).status).toBe(201);
    const inPrivate = await createArticle({ channelId: (await createChannel({ private: true })).id });
    expect((await ask(reader, inPrivate.id, 'article')).status).toBe(201);
  });

  it('answers 404 for unknown content, drafts, content in unpublished channels and the wrong type', async () => {
    const reader = await as('REGULAR_USER');
    const draft = await createArticle({ restricted: true, published: false });
    const draftChannel = await createChannel({ private: true, published: false });
    const inDraftChannel = await createArticle({
      restricted: true,
      channelId: (await createChannel({ published: false })).id,
    });
    const channel = await createChannel({ private: true });
    const cases: [string, 'article' | 'channel'][] = [
      [uuid(), 'article'],
      [uuid(), 'channel'],
      [draft.id, 'article'],
      [draftChannel.id, 'channel'],
      [inDraftChannel.id, 'article'],
      [channel.id, 'article'],
    ];
    for (const [contentId, contentType] of cases) {
      expect((await ask(reader, contentId, contentType)).body).toEqual({
        code: 404,
        message: 'Content not found',
        result: null,
      });
    }
  });

  it('answers 409 when the caller can already read the content', async () => {
    const reader = await as('REGULAR_USER');
    const open = await createArticle();
    const own = await createArticle({ restricted: true, userId: reader.user!.id });
    const granted = await createChannel({ restricted: true });
    await grantAccess(reader.user!.id, granted.id, 'channel');
    const coveredByChannel = await createArticle({ restricted: true, channelId: granted.id });
    expect((await ask(reader, open.id, 'article')).body).toMatchObject({
      code: 409,
      message: 'You can already read this content',
    });
    expect((await ask(reader, own.id, 'article')).body).toMatchObject({
      code: 409,
      message: 'You can already read this content',
    });
    expect((await ask(reader, granted.id, 'channel')).body).toMatchObject({
      code: 409,
      message: 'Access already granted',
    });
    expect((await ask(reader, coveredByChannel.id, 'article')).body).toMatchObject({
      code: 409,
      message: 'You can already read this content',
    });
    expect((await ask(await as('ADMIN'), (await createArticle({ restricted: true })).id, 'article')).status).toBe(409);
  });

  it('allows a new request once the previous one was denied', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const article = await createArticle({ restricted: true });
    const first = await ask(reader, article.id, 'article');
    expect((await admin.call(`/userContent/deny-request/${first.body.result.id}`)).body.result.status).toBe('DENIED');
    expect((await ask(reader, article.id, 'article')).status).toBe(201);
  });

  it('validates the body and needs a session', async () => {
    const reader = await as('REGULAR_USER');
    const bad = await reader.call('/userContent', { method: 'POST', body: { contentId: uuid(), contentType: 'news' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Validation error: .* at "contentType"$/);
    const anon = await call('/userContent', { method: 'POST', body: { contentId: uuid(), contentType: 'article' } });
    expect(anon.body).toEqual({ code: 401, message: 'Sign-in required', result: null });
  });

  it('opens only one request when two race', async () => {
    const user = await createUser();
    const viewer = { id: user.id, name: user.name, role: user.role };
    const article = await createArticle({ restricted: true });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => requestAccess(db(), viewer, { contentId: article.id, contentType: 'article' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      await db().select().from(contentRequests).where(eq(contentRequests.contentId, article.id)).all(),
    ).toHaveLength(1);
  });
});

describe('allow and deny', () => {
  it('allow writes the grant and marks the request ALLOWED; deciding again is 409', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const channel = await createChannel({ private: true });
    const request = (await ask(reader, channel.id, 'channel')).body.result;
    const allowed = await admin.call(`/userContent/allow-request/${request.id}`);
    expect(allowed.status).toBe(200);
    expect(allowed.body.result).toMatchObject({ id: request.id, status: 'ALLOWED' });
    expect(await grantsOf(reader.user!.id, channel.id)).toHaveLength(1);
    const row = await db().select().from(contentRequests).where(eq(contentRequests.id, request.id)).get();
    expect(row).toMatchObject({ status: 'ALLOWED' });
    expect(row!.decidedAt).toBeTypeOf('number');
    expect((await admin.call(`/userContent/allow-request/${request.id}`)).body).toEqual({
      code: 409,
      message: 'Request already allowed',
      result: null,
    });
    expect((await admin.call(`/userContent/deny-request/${request.id}`)).status).toBe(409);
  });

  it('deny marks DENIED and grants nothing', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const article = await createArticle({ restricted: true });
    const request = (await ask(reader, article.id, 'article')).body.result;
    expect((await admin.call(`/userContent/deny-request/${request.id}`)).body.result).toMatchObject({
      status: 'DENIED',
    });
    expect(await grantsOf(reader.user!.id, article.id)).toEqual([]);
    expect((await admin.call(`/userContent/allow-request/${request.id}`)).body.message).toBe('Request already denied');
    expect(await grantsOf(reader.user!.id, article.id)).toEqual([]);
  });

  it('is ADMIN only, same-origin only, and 404 for an unknown request', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const article = await createArticle({ restricted: true });
    const request = (await ask(reader, article.id, 'article')).body.result;
    for (const action of ['allow-request', 'deny-request']) {
      expect((await call(`/userContent/${action}/${request.id}`)).status).toBe(401);
      expect((await reader.call(`/userContent/${action}/${request.id}`)).status).toBe(403);
      expect((await (await as('CONTRIBUTOR')).call(`/userContent/${action}/${request.id}`)).status).toBe(403);
      const crossSite = await admin.call(`/userContent/${action}/${request.id}`, {
        headers: { 'Sec-Fetch-Site': 'cross-site' },
      });
      expect(crossSite.body).toEqual({ code: 403, message: 'Cross-site request refused', result: null });
      const foreign = await admin.call(`/userContent/${action}/${request.id}`, {
        headers: { Origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
      expect((await admin.call(`/userContent/${action}/${uuid()}`)).body).toEqual({
        code: 404,
        message: 'Request not found',
        result: null,
      });
      expect((await admin.call(`/userContent/${action}/not-a-uuid`)).status).toBe(400);
    }
    expect((await db().select().from(contentRequests).where(eq(contentRequests.id, request.id)).get())!.status).toBe(
      'PENDING',
    );
    expect(await grantsOf(reader.user!.id, article.id)).toEqual([]);
  });

  it('keeps an existing grant when allowing', async () => {
    const user = await createUser();
    const article = await createArticle({ restricted: true });
    const request = await requestAccess(
      db(),
      { id: user.id, name: user.name, role: user.role },
      { contentId: article.id, contentType: 'article' },
    );
    await grantAccess(user.id, article.id, 'article');
    expect((await decideRequest(db(), request.id, 'ALLOWED', systemScope())).status).toBe('ALLOWED');
    expect(await grantsOf(user.id, article.id)).toHaveLength(1);
  });
});

describe('request and access lists', () => {
  it('lists all requests and grants per content type for ADMIN, with user name and content title', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const article = await createArticle({ restricted: true, title: 'Listed article' });
    const channel = await createChannel({ private: true, name: 'Listed channel' });
    const articleRequest = (await ask(reader, article.id, 'article')).body.result;
    const channelRequest = (await ask(reader, channel.id, 'channel')).body.result;
    await admin.call(`/userContent/allow-request/${channelRequest.id}`);

    const articles = await admin.call('/userContent/requests/articles');
    const articleRows = contentRequestPage.parse(articles.body.result).items;
    expect(articleRows.find((r) => r.id === articleRequest.id)).toMatchObject({
      userId: reader.user!.id,
      userName: reader.user!.name,
      contentId: article.id,
      contentType: 'article',
      contentTitle: 'Listed article',
      status: 'PENDING',
    });
    expect(articleRows.every((r) => r.contentType === 'article')).toBe(true);

    const channels = contentRequestPage.parse((await admin.call('/userContent/requests/channels')).body.result).items;
    expect(channels.find((r) => r.id === channelRequest.id)).toMatchObject({
      contentTitle: 'Listed channel',
      status: 'ALLOWED',
    });
    expect(channels.every((r) => r.contentType === 'channel')).toBe(true);
    const pendingChannels = (await admin.call('/userContent/requests/channels?status=PENDING')).body.result.items;
    expect(pendingChannels.find((r: { id: string }) => r.id === channelRequest.id)).toBeUndefined();
    expect((await admin.call('/userContent/requests/channels?status=OPEN')).status).toBe(400);

    const access = contentAccessPage.parse((await admin.call('/userContent/access/channels')).body.result).items;
    expect(access.find((a) => a.contentId === channel.id)).toMatchObject({
      userId: reader.user!.id,
      userName: reader.user!.name,
      contentTitle: 'Listed channel',
    });
    expect(
      (await admin.call('/userContent/access/articles')).body.result.items.find(
        (a: { contentId: string }) => a.contentId === channel.id,
      ),
    ).toBeUndefined();
  });

  it("lists the caller's own requests and grants only", async () => {
    const reader = await as('REGULAR_USER');
    const other = await as('REGULAR_USER');
    const article = await createArticle({ restricted: true, title: 'Mine' });
    const channel = await createChannel({ restricted: true });
    await ask(reader, article.id, 'article');
    await ask(other, article.id, 'article');
    await ask(other, channel.id, 'channel');
    await grantAccess(reader.user!.id, channel.id, 'channel');
    await grantAccess(other.user!.id, article.id, 'article');

    const mine = (await reader.call('/userContent/my/requests/articles')).body.result.items;
    expect(mine.map((r: { userId: string; contentTitle: string }) => [r.userId, r.contentTitle])).toEqual([
      [reader.user!.id, 'Mine'],
    ]);
    expect((await reader.call('/userContent/my/requests/channels')).body.result.items).toEqual([]);
    expect((await reader.call('/userContent/my/requests/articles?status=DENIED')).body.result.items).toEqual([]);
    const myAccess = (await reader.call('/userContent/my/access/channels')).body.result.items;
    expect(myAccess.map((a: { contentId: string }) => a.contentId)).toEqual([channel.id]);
    expect((await reader.call('/userContent/my/access/articles')).body.result.items).toEqual([]);
  });

  it('keeps the ADMIN lists from everyone else and every list from anonymous callers', async () => {
    const paths = ['requests/channels', 'requests/articles', 'access/channels', 'access/articles'];
    for (const role of ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR'] as const) {
      const who = await as(role);
      for (const p of paths) expect((await who.call(`/userContent/${p}`)).status).toBe(403);
    }
    for (const p of [...paths, ...paths.map((p) => `my/${p}`)]) {
      expect((await call(`/userContent/${p}`)).body).toEqual({ code: 401, message: 'Sign-in required', result: null });
    }
  });

  it('shows an empty title once the content is gone', async () => {
    const user = await createUser();
    const orphan = uuid();
    await db()
      .insert(contentRequests)
      .values({ id: uuid(), userId: user.id, contentId: orphan, contentType: 'article' });
    const rows = await listContentRequests(db(), { userId: user.id });
    expect(rows.map((r) => [r.contentId, r.contentTitle])).toEqual([[orphan, '']]);
  });
});

describe('GET /userContent/user-access-article/{id}', () => {
  it('answers for the caller: grants on the article or on its channel count', async () => {
    const reader = await as('REGULAR_USER');
    const restricted = await createArticle({ restricted: true });
    const channel = await createChannel({ restricted: true });
    const inChannel = await createArticle({ channelId: channel.id });
    const open = await createArticle();
    const check = async (id: string, who: Caller = reader) =>
      (await who.call(`/userContent/user-access-article/${id}`)).body;
    expect(await check(restricted.id)).toEqual({ code: 200, message: 'OK', result: { access: false } });
    expect((await check(inChannel.id)).result).toEqual({ access: false });
    expect((await check(open.id)).result).toEqual({ access: true });
    expect((await check(open.id, await as('ANONYMOUS'))).result).toEqual({ access: true });
    expect((await check(restricted.id, await as('ANONYMOUS'))).result).toEqual({ access: false });
    await grantAccess(reader.user!.id, restricted.id, 'article');
    await grantAccess(reader.user!.id, channel.id, 'channel');
    expect((await check(restricted.id)).result).toEqual({ access: true });
    expect((await check(inChannel.id)).result).toEqual({ access: true });
    expect((await check(restricted.slug)).result).toEqual({ access: true });
    expect((await check(restricted.id, await as('ADMIN'))).result).toEqual({ access: true });
  });

  it('answers 404 for an article the caller may not see', async () => {
    const reader = await as('REGULAR_USER');
    const draft = await createArticle({ published: false });
    for (const id of [draft.id, uuid(), 'no-such-slug']) {
      expect((await reader.call(`/userContent/user-access-article/${id}`)).body).toEqual({
        code: 404,
        message: 'Article not found',
        result: null,
      });
    }
  });
});

describe('GET /userContent/user-access-channel-all/{id}', () => {
  it('lists the grants on the channel and on its articles for the owner and ADMIN', async () => {
    const owner = await as('CLIENT');
    const granted = await createUser();
    const articleReader = await createUser();
    const channel = await createChannel({ userId: owner.user!.id, private: true, name: 'Owned' });
    const article = await createArticle({ channelId: channel.id, restricted: true, title: 'Inside' });
    const elsewhere = await createArticle({ restricted: true });
    await grantAccess(granted.id, channel.id, 'channel');
    await grantAccess(articleReader.id, article.id, 'article');
    await grantAccess(articleReader.id, elsewhere.id, 'article');
    for (const who of [owner, await as('ADMIN')]) {
      const res = await who.call(`/userContent/user-access-channel-all/${channel.id}`);
      expect(res.status).toBe(200);
      const rows = z.array(contentAccessListItem).parse(res.body.result);
      expect(rows.map((r) => [r.userName, r.contentType, r.contentTitle]).sort()).toEqual(
        [
          [articleReader.name, 'article', 'Inside'],
          [granted.name, 'channel', 'Owned'],
        ].sort(),
      );
    }
  });

  it('is 403 for others who can see the channel, 404 for those who cannot, 401 for anonymous', async () => {
    const channel = await createChannel();
    const secret = await createChannel({ private: true });
    const reader = await as('REGULAR_USER');
    const editor = await as('CONTRIBUTOR');
    expect((await reader.call(`/userContent/user-access-channel-all/${channel.id}`)).status).toBe(403);
    expect((await editor.call(`/userContent/user-access-channel-all/${channel.id}`)).status).toBe(403);
    expect((await reader.call(`/userContent/user-access-channel-all/${secret.id}`)).body).toEqual({
      code: 404,
      message: 'Channel not found',
      result: null,
    });
    expect((await reader.call(`/userContent/user-access-channel-all/${uuid()}`)).status).toBe(404);
    expect((await call(`/userContent/user-access-channel-all/${channel.id}`)).status).toBe(401);
  });
});

describe('POST /userContent/revoke-access-channel', () => {
  const revoke = (who: Caller, userId: string, contentId: string) =>
    who.call('/userContent/revoke-access-channel', { method: 'POST', body: { userId, contentId } });

  it('lets the channel owner revoke a channel grant and a grant on one of its articles', async () => {
    const owner = await as('CLIENT');
    const user = await createUser();
    const channel = await createChannel({ userId: owner.user!.id, private: true });
    const article = await createArticle({ channelId: channel.id, restricted: true });
    await grantAccess(user.id, channel.id, 'channel');
    await grantAccess(user.id, article.id, 'article');
    const res = await revoke(owner, user.id, channel.id);
    expect(res.body).toEqual({
      code: 200,
      message: 'OK',
      result: { userId: user.id, contentId: channel.id, revoked: true },
    });
    expect(await grantsOf(user.id, channel.id)).toEqual([]);
    expect((await revoke(owner, user.id, article.id)).status).toBe(200);
    expect(await grantsOf(user.id, article.id)).toEqual([]);
    expect((await revoke(owner, user.id, channel.id)).body).toEqual({
      code: 404,
      message: 'The user has no access to revoke',
      result: null,
    });
  });

  it("lets an article's owner and ADMIN revoke; others get 403, unknown content 404, anonymous 401", async () => {
    const author = await as('CONTRIBUTOR');
    const user = await createUser();
    const article = await createArticle({ userId: author.user!.id, restricted: true });
    const channel = await createChannel({ restricted: true });
    await grantAccess(user.id, article.id, 'article');
    await grantAccess(user.id, channel.id, 'channel');
    const stranger = await as('CLIENT');
    expect((await revoke(stranger, user.id, article.id)).body).toEqual({
      code: 403,
      message: 'Only the owner or an admin may revoke access',
      result: null,
    });
    expect((await revoke(author, user.id, channel.id)).status).toBe(403);
    expect((await revoke(stranger, user.id, uuid())).body).toEqual({
      code: 404,
      message: 'Content not found',
      result: null,
    });
    expect(
      (
        await call('/userContent/revoke-access-channel', {
          method: 'POST',
          body: { userId: user.id, contentId: article.id },
        })
      ).status,
    ).toBe(401);
    expect(await grantsOf(user.id, article.id)).toHaveLength(1);
    expect((await revoke(author, user.id, article.id)).status).toBe(200);
    expect((await revoke(await as('ADMIN'), user.id, channel.id)).status).toBe(200);
    expect(await grantsOf(user.id, channel.id)).toEqual([]);
  });

  it('is 404 for a private channel the caller cannot see', async () => {
    const user = await createUser();
    const secret = await createChannel({ private: true });
    await grantAccess(user.id, secret.id, 'channel');
    expect((await revoke(await as('REGULAR_USER'), user.id, secret.id)).status).toBe(404);
    expect(await grantsOf(user.id, secret.id)).toHaveLength(1);
  });
});
