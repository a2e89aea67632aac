// The whole access story through the real worker: request → allow → see → revoke → no longer see,
// for a restricted article and for a private channel; deny; and publish → expire by the Cron Trigger.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '#worker/index';
import { asRole, createArticle, createChannel } from './content-factories';
import { call } from './helpers';

type Caller = Awaited<ReturnType<typeof asRole>>;

const gallery = { kind: 'gallery' as const, images: [{ title: 'One', key: 'cycle-image-1' }] };

const ask = (who: Caller, contentId: string, contentType: 'article' | 'channel') =>
  who.call('/userContent', { method: 'POST', body: { contentId, contentType } });

async function allow(admin: Caller, requestId: string) {
  const res = await admin.call(`/userContent/allow-request/${requestId}`);
  expect(res.body.result).toMatchObject({ id: requestId, status: 'ALLOWED' });
}

async function revoke(who: Caller, userId: string, contentId: string) {
  const res = await who.call('/userContent/revoke-access-channel', { method: 'POST', body: { userId, contentId } });
  expect(res.status).toBe(200);
}

describe('access to a restricted article', () => {
  it('request → allow → description and media → revoke → locked again on the next request', async () => {
    const owner = await asRole('CLIENT');
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const article = await createArticle({
      userId: owner.user.id,
      restricted: true,
      description: 'The secret part',
      media: gallery,
    });

    const before = await reader.call(`/articles/${article.id}`);
    expect(before.status).toBe(200);
    expect(before.body.result).toMatchObject({ id: article.id, locked: true, description: '', media: null });
    expect((await reader.call(`/userContent/user-access-article/${article.id}`)).body.result).toEqual({
      access: false,
    });

    const request = await ask(reader, article.id, 'article');
    expect(request.status).toBe(201);
    expect((await ask(reader, article.id, 'article')).status).toBe(409);
    // Still locked while pending.
    expect((await reader.call(`/articles/${article.id}`)).body.result.locked).toBe(true);

    await allow(admin, request.body.result.id);
    const after = await reader.call(`/articles/${article.id}`);
    expect(after.body.result).toMatchObject({ locked: false, description: 'The secret part' });
    expect(after.body.result.media).toMatchObject({
      kind: 'gallery',
      images: [{ title: 'One', href: '/api/files/cycle-image-1' }],
    });
    expect((await reader.call(`/userContent/user-access-article/${article.id}`)).body.result).toEqual({ access: true });
    expect((await ask(reader, article.id, 'article')).body.message).toBe('Access already granted');
    // Others stay locked out.
    expect((await (await asRole('REGULAR_USER')).call(`/articles/${article.id}`)).body.result.locked).toBe(true);

    await revoke(owner, reader.user.id, article.id);
    const revoked = await reader.call(`/articles/${article.id}`);
    expect(revoked.body.result).toMatchObject({ locked: true, description: '', media: null });
    expect((await reader.call(`/userContent/user-access-article/${article.id}`)).body.result).toEqual({
      access: false,
    });
    // Once revoked, asking again is possible.
    expect((await ask(reader, article.id, 'article')).status).toBe(201);
  });

  it('deny leaves the article locked and shows DENIED in the caller’s list', async () => {
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const article = await createArticle({ restricted: true, description: 'Denied part' });
    const request = (await ask(reader, article.id, 'article')).body.result;
    expect((await admin.call(`/userContent/deny-request/${request.id}`)).body.result.status).toBe('DENIED');
    expect((await reader.call(`/articles/${article.id}`)).body.result).toMatchObject({ locked: true, description: '' });
    const mine = (await reader.call('/userContent/my/requests/articles')).body.result.items;
    expect(mine.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[request.id, 'DENIED']]);
  });

  it('a grant on a restricted channel opens the restricted articles in it', async () => {
    const owner = await asRole('CONTRIBUTOR');
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const channel = await createChannel({
      userId: owner.user.id,
      restricted: true,
      coverMedia: { kind: 'image', key: 'cycle-cover' },
    });
    const article = await createArticle({
      userId: owner.user.id,
      channelId: channel.id,
      restricted: true,
      description: 'Inside',
    });
    expect((await reader.call(`/channels/${channel.id}`)).body.result).toMatchObject({
      locked: true,
      coverMedia: null,
    });
    expect((await reader.call(`/articles/${article.id}`)).body.result.locked).toBe(true);

    await allow(admin, (await ask(reader, channel.id, 'channel')).body.result.id);
    expect((await reader.call(`/channels/${channel.id}`)).body.result).toMatchObject({
      locked: false,
      coverMedia: { kind: 'image' },
    });
    expect((await reader.call(`/articles/${article.id}`)).body.result).toMatchObject({
      locked: false,
      description: 'Inside',
    });

    await revoke(owner, reader.user.id, channel.id);
    expect((await reader.call(`/articles/${article.id}`)).body.result.locked).toBe(true);
  });

  it('a locked article tells the reader their request for it or its channel waits (issue 27 §6.10)', async () => {
    const owner = await asRole('CONTRIBUTOR');
    const reader = await asRole('REGULAR_USER');
    const other = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const channel = await createChannel({ userId: owner.user.id, restricted: true });
    const article = await createArticle({ userId: owner.user.id, channelId: channel.id, restricted: true });
    const read = async (who: Caller) => (await who.call(`/articles/${article.id}`)).body.result;

    expect(await read(reader)).toMatchObject({ locked: true, accessRequested: false });
    const request = await ask(reader, channel.id, 'channel');
    expect(request.status).toBe(201);
    expect(await read(reader)).toMatchObject({ locked: true, accessRequested: true });
    // Someone else's request is not theirs; a visitor is told nothing.
    expect(await read(other)).toMatchObject({ accessRequested: false });
    const anonymous = await call(`/articles/${article.id}`);
    expect(anonymous.body.result).not.toHaveProperty('accessRequested');
    // Decided: no longer pending (denied, still locked).
    await admin.call(`/userContent/deny-request/${request.body.result.id}`);
    expect(await read(reader)).toMatchObject({ locked: true, accessRequested: false });
    // A request for the article itself counts as well.
    expect((await ask(reader, article.id, 'article')).status).toBe(201);
    expect(await read(reader)).toMatchObject({ locked: true, accessRequested: true });
    // With access, the article is open and the field is left out.
    expect(await read(owner)).not.toHaveProperty('accessRequested');
  });
});

describe('access to a private channel', () => {
  it('invisible (404) → request → allow → visible with its articles → revoke → 404 on the next request', async () => {
    const owner = await asRole('CLIENT');
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const channel = await createChannel({ userId: owner.user.id, private: true, name: 'Members only' });
    const article = await createArticle({ userId: owner.user.id, channelId: channel.id, description: 'Members text' });

    expect((await reader.call(`/channels/${channel.id}`)).body).toEqual({
      code: 404,
      message: 'Channel not found',
      result: null,
    });
    expect((await reader.call(`/articles/${article.id}`)).status).toBe(404);
    expect((await reader.call('/channels')).body.result.map((c: { id: string }) => c.id)).not.toContain(channel.id);

    const request = await ask(reader, channel.id, 'channel');
    expect(request.status).toBe(201);
    expect((await ask(reader, channel.id, 'channel')).status).toBe(409);
    expect((await reader.call(`/channels/${channel.id}`)).status).toBe(404);

    await allow(admin, request.body.result.id);
    const visible = await reader.call(`/channels/${channel.id}`);
    expect(visible.status).toBe(200);
    expect(visible.body.result).toMatchObject({ id: channel.id, name: 'Members only', locked: false });
    expect((await reader.call(`/articles/${article.id}`)).body.result).toMatchObject({
      locked: false,
      description: 'Members text',
    });
    expect((await reader.call('/channels')).body.result.map((c: { id: string }) => c.id)).toContain(channel.id);
    // The owner sees who has access.
    const users = (await owner.call(`/userContent/user-access-channel-all/${channel.id}`)).body.result;
    expect(users.map((u: { userId: string }) => u.userId)).toEqual([reader.user.id]);
    // The reader can like it now, and sees it in mySO.
    expect((await reader.call('/myso/user-channels', { method: 'POST', body: { contentId: channel.id } })).status).toBe(
      201,
    );

    await revoke(owner, reader.user.id, channel.id);
    expect((await reader.call(`/channels/${channel.id}`)).status).toBe(404);
    expect((await reader.call(`/articles/${article.id}`)).status).toBe(404);
    expect((await reader.call('/myso/user-channels/user-channels')).body.result).toEqual([]);
    expect((await owner.call(`/userContent/user-access-channel-all/${channel.id}`)).body.result).toEqual([]);
  });

  it('deny keeps the channel invisible', async () => {
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const channel = await createChannel({ private: true });
    const request = (await ask(reader, channel.id, 'channel')).body.result;
    expect((await admin.call(`/userContent/deny-request/${request.id}`)).status).toBe(200);
    expect((await reader.call(`/channels/${channel.id}`)).status).toBe(404);
    const view = (await reader.call('/myso/vm')).body.result;
    expect(view.requests.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [request.id, 'DENIED'],
    ]);
    expect(view.access).toEqual([]);
  });

  it('a grant on one article in a private channel opens that article, not the channel', async () => {
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const channel = await createChannel({ private: true });
    const opened = await createArticle({ channelId: channel.id, description: 'Opened' });
    const other = await createArticle({ channelId: channel.id });
    await allow(admin, (await ask(reader, opened.id, 'article')).body.result.id);
    expect((await reader.call(`/articles/${opened.id}`)).body.result).toMatchObject({
      locked: false,
      description: 'Opened',
    });
    expect((await reader.call(`/articles/${other.id}`)).status).toBe(404);
    expect((await reader.call(`/channels/${channel.id}`)).status).toBe(404);
  });
});

describe('publication through a request, expiry through the Cron Trigger', () => {
  it('draft invisible → approved visible → expired invisible again', async () => {
    const editor = await asRole('CLIENT');
    const admin = await asRole('ADMIN');
    const reader = await asRole('REGULAR_USER');
    const article = await createArticle({ userId: editor.user.id, published: false });
    expect((await reader.call(`/articles/${article.id}`)).status).toBe(404);

    const request = (
      await editor.call('/publications', { method: 'POST', body: { contentId: article.id, type: 'article' } })
    ).body.result;
    const expiry = Date.now() + 60_000;
    await admin.call('/publications/update-expiration', {
      method: 'PUT',
      body: { id: request.id, expirationDate: new Date(expiry).toISOString() },
    });
    await admin.call('/publications/update-status', { method: 'PUT', body: { id: request.id, status: 'APPROVED' } });
    expect((await reader.call(`/articles/${article.id}`)).body.result).toMatchObject({
      id: article.id,
      published: true,
    });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: expiry, cron: '*/5 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await reader.call(`/articles/${article.id}`)).status).toBe(404);
    expect((await editor.call(`/articles/${article.id}`)).body.result.published).toBe(false);
    const mine = (await editor.call('/publications/requests')).body.result.items;
    expect(mine.find((r: { id: string }) => r.id === request.id).status).toBe('EXPIRED');
  });
});
