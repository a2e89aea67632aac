import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contentAccessListItem, contentAccessPage, contentRequestPage } from '#schema/entities';
import { contentRequests } from '#schema/tables';
import { listContentRequests } from '#worker/queries/user-content';
import { createArticle, createChannel, grantAccess } from './content-factories';
import { as, call, createUser, db } from './helpers';
import { uuid, type Caller, ask, grantsOf } from './user-content-kit';

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
