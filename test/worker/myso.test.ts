import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, mysoView as mysoViewSchema, userArticleItem, userChannelItem } from '#schema/entities';
import { contentAccess } from '#schema/tables';
import { listLikedChannels, likeChannel } from '#worker/queries/myso';
import { createArticle, createChannel, grantAccess } from './content-factories';
import { as, call, createUser, db } from './helpers';

const uuid = () => crypto.randomUUID();

describe('mySO liked channels', () => {
  it('likes, lists, shows one link and unlikes a channel, idempotently', async () => {
    const reader = await as('REGULAR_USER');
    const channel = await createChannel({ coverMedia: { kind: 'image', key: 'cover-key' } });

    const first = await reader.call('/myso/user-channels', { method: 'POST', body: { contentId: channel.id } });
    expect(first.status).toBe(201);
    expect(userChannelItem.parse(first.body.result)).toMatchObject({ userId: reader.user!.id, contentId: channel.id });
    expect(first.body.result.channel).toMatchObject({
      id: channel.id,
      locked: false,
      coverMedia: { kind: 'image', href: '/api/files/cover-key' },
    });

    const again = await reader.call('/myso/user-channels', { method: 'POST', body: { contentId: channel.id } });
    expect(again.status).toBe(200);
    expect(again.body.result.id).toBe(first.body.result.id);

    const list = await reader.call('/myso/user-channels/user-channels');
    expect(list.status).toBe(200);
    expect(
      z
        .array(userChannelItem)
        .parse(list.body.result)
        .map((l) => l.contentId),
    ).toEqual([channel.id]);

    const one = await reader.call(`/myso/user-channels/${first.body.result.id}`);
    expect(one.status).toBe(200);
    expect(one.body.result).toEqual(first.body.result);

    const removed = await reader.call('/myso/user-channels', { method: 'DELETE', body: { contentId: channel.id } });
    expect(removed.body).toEqual({ code: 200, message: 'OK', result: { contentId: channel.id, removed: true } });
    const removedAgain = await reader.call('/myso/user-channels', {
      method: 'DELETE',
      body: { contentId: channel.id },
    });
    expect(removedAgain.body.result).toEqual({ contentId: channel.id, removed: false });
    expect((await reader.call('/myso/user-channels/user-channels')).body.result).toEqual([]);
    expect((await reader.call(`/myso/user-channels/${first.body.result.id}`)).status).toBe(404);
  });

  it('refuses to like a channel the caller may not see, as if it did not exist', async () => {
    const reader = await as('REGULAR_USER');
    const draft = await createChannel({ published: false });
    const secret = await createChannel({ private: true });
    for (const contentId of [draft.id, secret.id, uuid()]) {
      const res = await reader.call('/myso/user-channels', { method: 'POST', body: { contentId } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 404, message: 'Channel not found', result: null });
    }
  });

  it("keeps another user's link private", async () => {
    const owner = await as('REGULAR_USER');
    const other = await as('REGULAR_USER');
    const channel = await createChannel();
    const link = await owner.call('/myso/user-channels', { method: 'POST', body: { contentId: channel.id } });
    expect((await other.call(`/myso/user-channels/${link.body.result.id}`)).status).toBe(404);
    expect((await other.call('/myso/user-channels/user-channels')).body.result).toEqual([]);
  });

  it('lists a liked channel only while the user may see it', async () => {
    const reader = await as('REGULAR_USER');
    const channel = await createChannel({ private: true });
    const grant = await grantAccess(reader.user!.id, channel.id, 'channel');
    expect((await reader.call('/myso/user-channels', { method: 'POST', body: { contentId: channel.id } })).status).toBe(
      201,
    );
    expect((await reader.call('/myso/user-channels/user-channels')).body.result).toHaveLength(1);
    await db().delete(contentAccess).where(eq(contentAccess.id, grant.id));
    expect((await reader.call('/myso/user-channels/user-channels')).body.result).toEqual([]);
  });

  it('marks a liked restricted channel locked without cover for a reader without access', async () => {
    const reader = await as('REGULAR_USER');
    const channel = await createChannel({
      restricted: true,
      coverMedia: { kind: 'video', key: 'cv', thumbnailMillis: 5 },
    });
    const res = await reader.call('/myso/user-channels', { method: 'POST', body: { contentId: channel.id } });
    expect(res.body.result.channel).toMatchObject({ locked: true, coverMedia: null });
  });

  it('validates input and needs a session', async () => {
    const reader = await as('REGULAR_USER');
    const bad = await reader.call('/myso/user-channels', { method: 'POST', body: { contentId: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Validation error: .* at "contentId"/);
    expect((await reader.call('/myso/user-channels/not-a-uuid')).status).toBe(400);
    const anon = [
      call('/myso/user-channels/user-channels'),
      call(`/myso/user-channels/${uuid()}`),
      call('/myso/user-channels', { method: 'POST', body: { contentId: uuid() } }),
      call('/myso/user-channels', { method: 'DELETE', body: { contentId: uuid() } }),
      call('/myso/user-articles'),
      call('/myso/user-articles', { method: 'POST', body: { contentId: uuid() } }),
      call('/myso/user-articles/remove', { method: 'POST', body: { contentId: uuid() } }),
      call('/myso/vm'),
    ];
    for (const res of await Promise.all(anon)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 401, message: 'Sign-in required', result: null });
    }
  });
});

describe('mySO liked articles', () => {
  it('likes, lists and removes an article, idempotently', async () => {
    const reader = await as('CLIENT');
    const article = await createArticle({ thumbnailKey: 'thumb' });
    const first = await reader.call('/myso/user-articles', { method: 'POST', body: { contentId: article.id } });
    expect(first.status).toBe(201);
    expect(userArticleItem.parse(first.body.result).article).toMatchObject({
      id: article.id,
      thumbnailHref: '/api/files/thumb',
    });
    expect((await reader.call('/myso/user-articles', { method: 'POST', body: { contentId: article.id } })).status).toBe(
      200,
    );
    const list = await reader.call('/myso/user-articles');
    expect(list.body.result.map((l: { contentId: string }) => l.contentId)).toEqual([article.id]);
    const removed = await reader.call('/myso/user-articles/remove', {
      method: 'POST',
      body: { contentId: article.id },
    });
    expect(removed.body.result).toEqual({ contentId: article.id, removed: true });
    expect(
      (await reader.call('/myso/user-articles/remove', { method: 'POST', body: { contentId: article.id } })).body.result
        .removed,
    ).toBe(false);
    expect((await reader.call('/myso/user-articles')).body.result).toEqual([]);
  });

  it('refuses to like an article the caller may not see', async () => {
    const reader = await as('REGULAR_USER');
    const draft = await createArticle({ published: false });
    const inPrivate = await createArticle({ channelId: (await createChannel({ private: true })).id });
    for (const contentId of [draft.id, inPrivate.id, uuid()]) {
      const res = await reader.call('/myso/user-articles', { method: 'POST', body: { contentId } });
      expect(res.body).toEqual({ code: 404, message: 'Article not found', result: null });
    }
  });
});

describe('GET /myso/vm', () => {
  it('gathers likes, the caller’s requests with their state, and grants — only the caller’s', async () => {
    const reader = await as('REGULAR_USER');
    const admin = await as('ADMIN');
    const someoneElse = await as('REGULAR_USER');
    const channel = await createChannel({ name: 'Liked channel' });
    const article = await createArticle({ title: 'Liked article' });
    const restricted = await createArticle({ title: 'Restricted one', restricted: true });
    const privateChannel = await createChannel({ name: 'Private one', private: true });
    await reader.call('/myso/user-channels', { method: 'POST', body: { contentId: channel.id } });
    await reader.call('/myso/user-articles', { method: 'POST', body: { contentId: article.id } });
    const asked = await reader.call('/userContent', {
      method: 'POST',
      body: { contentId: restricted.id, contentType: 'article' },
    });
    const askedChannel = await reader.call('/userContent', {
      method: 'POST',
      body: { contentId: privateChannel.id, contentType: 'channel' },
    });
    expect(asked.status).toBe(201);
    expect((await admin.call(`/userContent/allow-request/${askedChannel.body.result.id}`)).status).toBe(200);
    await someoneElse.call('/myso/user-articles', { method: 'POST', body: { contentId: article.id } });

    const res = await reader.call('/myso/vm');
    expect(res.status).toBe(200);
    const view = envelope(mysoViewSchema).parse(res.body).result;
    expect(view.channels.map((c) => c.channel.name)).toEqual(['Liked channel']);
    expect(view.articles.map((a) => a.article.title)).toEqual(['Liked article']);
    expect(view.requests.map((r) => [r.contentTitle, r.status, r.userName]).sort()).toEqual([
      ['Private one', 'ALLOWED', reader.user!.name],
      ['Restricted one', 'PENDING', reader.user!.name],
    ]);
    expect(view.access.map((a) => [a.contentTitle, a.contentType])).toEqual([['Private one', 'channel']]);
  });
});

describe('myso queries', () => {
  it('likeChannel and listLikedChannels work on their own', async () => {
    const user = await createUser();
    const viewer = { id: user.id, name: user.name, role: user.role };
    const channel = await createChannel();
    const { created } = await likeChannel(db(), viewer, channel.id);
    expect(created).toBe(true);
    expect((await likeChannel(db(), viewer, channel.id)).created).toBe(false);
    expect((await listLikedChannels(db(), viewer)).map((l) => l.channel.id)).toEqual([channel.id]);
  });
});
