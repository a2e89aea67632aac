// /api/channels through the real fetch handler: lists, one channel, a user's channels, a channel's articles, writes.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channel as channelSchema, channelSummary } from '#schema/entities';
import { channels } from '#schema/tables';
import { as, db, type CallResult } from './helpers';
import { asRole, createArticle, createCategory, createChannel } from './content-factories';
import { ids } from './channels-kit';

describe('GET /channels', () => {
  it('lists the visible, non-hidden channels by name, as summaries without articleOrdinals', async () => {
    const shown = await createChannel({ name: 'zz Listed' });
    const first = await createChannel({ name: 'aa listed' });
    const hidden = await createChannel({ hidden: true });
    const draft = await createChannel({ published: false });
    const res = await (await as('ANONYMOUS')).call('/channels');
    expect(res.status).toBe(200);
    const list = res.body.result.map((c: unknown) => channelSummary.parse(c));
    for (const item of res.body.result) expect(item).not.toHaveProperty('articleOrdinals');
    const got = ids(list);
    expect(got).toContain(shown.id);
    expect(got.indexOf(first.id)).toBeLessThan(got.indexOf(shown.id));
    expect(got).not.toContain(hidden.id);
    expect(got).not.toContain(draft.id);
  });
});

describe('GET /channels/{id}', () => {
  it('answers by id and by slug, with hrefs for its files', async () => {
    const cat = await createCategory();
    const ch = await createChannel({
      categoryIds: [cat.id],
      portraitKey: 'image/p',
      bannerKey: 'image/b',
      coverMedia: { kind: 'video', key: 'video/c', thumbnailMillis: 7 },
    });
    for (const ref of [ch.id, ch.slug]) {
      const res = await (await as('ANONYMOUS')).call(`/channels/${ref}`);
      expect(channelSchema.parse(res.body.result)).toMatchObject({
        id: ch.id,
        categoryIds: [cat.id],
        portraitHref: '/api/files/image/p',
        bannerHref: '/api/files/image/b',
        coverMedia: { kind: 'video', href: '/api/files/video/c', thumbnailMillis: 7 },
        locked: false,
      });
    }
    expect((await (await as('ANONYMOUS')).call(`/channels/${crypto.randomUUID()}`)).body).toEqual({
      code: 404,
      message: 'Channel not found',
      result: null,
    });
  });

  it('shows only listable article ids in articleOrdinals to others, all of them to the owner', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const pub = await createArticle({ channelId: ch.id, userId: owner.user.id });
    const draft = await createArticle({ channelId: ch.id, userId: owner.user.id, published: false });
    await db()
      .update(channels)
      .set({ articleOrdinals: { main: [draft.id, pub.id] } })
      .where(eq(channels.id, ch.id));
    expect((await (await as('REGULAR_USER')).call(`/channels/${ch.id}`)).body.result.articleOrdinals).toEqual({
      main: [pub.id],
    });
    expect((await owner.call(`/channels/${ch.id}`)).body.result.articleOrdinals).toEqual({ main: [draft.id, pub.id] });
  });

  it('cuts every list of articleOrdinals for others, keeping order and repeats; ADMIN and the owner get them as stored', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const [a, b] = [
      await createArticle({ channelId: ch.id, userId: owner.user.id }),
      await createArticle({ channelId: ch.id, userId: owner.user.id }),
    ];
    const hidden = await createArticle({ channelId: ch.id, userId: owner.user.id, hidden: true });
    const stored = { main: [b.id, hidden.id, a.id, b.id], side: [hidden.id], empty: [] };
    await db().update(channels).set({ articleOrdinals: stored }).where(eq(channels.id, ch.id));
    const seen = async (caller: { call: (path: string) => Promise<CallResult> }) =>
      (await caller.call(`/channels/${ch.id}`)).body.result.articleOrdinals;
    expect(await seen(await as('ANONYMOUS'))).toEqual({ main: [b.id, a.id, b.id], side: [], empty: [] });
    expect(await seen(owner)).toEqual(stored);
    expect(await seen(await asRole('ADMIN'))).toEqual(stored);
  });
});

describe('GET /channels/{id}/summary', () => {
  it('answers the channel without its articleOrdinals, by id and by slug, locked as the channel is; 404 as GET /channels/{id}', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({
      userId: owner.user.id,
      restricted: true,
      coverMedia: { kind: 'image', key: 'image/cover' },
      articleOrdinals: { main: [] },
    });
    for (const ref of [ch.id, ch.slug]) {
      const res = await (await as('ANONYMOUS')).call(`/channels/${ref}/summary`);
      expect(res.status).toBe(200);
      expect(res.body.result).not.toHaveProperty('articleOrdinals');
      expect(channelSummary.parse(res.body.result)).toMatchObject({
        id: ch.id,
        restricted: true,
        coverMedia: null,
        locked: true,
      });
    }
    expect((await owner.call(`/channels/${ch.id}/summary`)).body.result).toMatchObject({
      coverMedia: { kind: 'image', href: '/api/files/image/cover' },
      locked: false,
    });
    const draft = await createChannel({ published: false });
    expect((await (await as('ANONYMOUS')).call(`/channels/${draft.id}/summary`)).body).toEqual({
      code: 404,
      message: 'Channel not found',
      result: null,
    });
  });
});

describe('GET /channels/{userId}/channels', () => {
  it("lists a user's channels: others see the listable ones, the user and ADMIN also hidden and unpublished ones", async () => {
    const owner = await asRole('CLIENT');
    const open = await createChannel({ userId: owner.user.id, name: 'b open' });
    const hidden = await createChannel({ userId: owner.user.id, name: 'a hidden', hidden: true });
    const draft = await createChannel({ userId: owner.user.id, name: 'c draft', published: false });
    await createChannel();
    expect(ids((await (await as('ANONYMOUS')).call(`/channels/${owner.user.id}/channels`)).body.result)).toEqual([
      open.id,
    ]);
    expect(ids((await owner.call(`/channels/${owner.user.id}/channels`)).body.result)).toEqual([
      hidden.id,
      open.id,
      draft.id,
    ]);
    expect(ids((await (await asRole('ADMIN')).call(`/channels/${owner.user.id}/channels`)).body.result)).toEqual([
      hidden.id,
      open.id,
      draft.id,
    ]);
    expect((await owner.call('/channels/not-a-uuid/channels')).status).toBe(400);
  });
});
