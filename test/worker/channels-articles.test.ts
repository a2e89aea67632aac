// /api/channels through the real fetch handler: lists, one channel, a user's channels, a channel's articles, writes.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articlePage } from '#schema/entities';
import { channels, UNLISTED_RANK } from '#schema/tables';
import { encodeKeyCursor } from '#worker/lib/cursor';
import { as, call, db, type CallResult } from './helpers';
import { asRole, createArticle, createChannel } from './content-factories';
import { ids } from './channels-kit';

describe('GET /channels/{id}/articles', () => {
  /** Every page from the first on, following nextCursor. */
  const allPages = async (path: string, cookie?: string) => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: CallResult = await call(`${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { cookie });
      expect(res.status).toBe(200);
      const page = articlePage.parse(res.body.result);
      pages.push(ids(page.items));
      cursor = page.nextCursor;
    } while (cursor && pages.length < 50);
    return pages;
  };

  it('lists visible articles in the order of articleOrdinals.main, then the rest newest first, as a page', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const t = Date.now();
    const a = await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 5000 });
    const b = await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 4000 });
    const c = await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 3000 });
    const d = await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 2000 });
    const hidden = await createArticle({ channelId: ch.id, userId: owner.user.id, hidden: true });
    const draft = await createArticle({ channelId: ch.id, userId: owner.user.id, published: false });
    await createArticle();
    await db()
      .update(channels)
      .set({ articleOrdinals: { main: [b.id, crypto.randomUUID(), a.id] } })
      .where(eq(channels.id, ch.id));
    const res = await (await as('ANONYMOUS')).call(`/channels/${ch.slug}/articles`);
    expect(res.status).toBe(200);
    const page = articlePage.parse(res.body.result);
    expect(page).toEqual({ items: expect.any(Array), nextCursor: null });
    expect(ids(page.items)).toEqual([b.id, a.id, d.id, c.id]);
    expect(ids((await owner.call(`/channels/${ch.id}/articles`)).body.result.items)).toEqual([
      b.id,
      a.id,
      draft.id,
      d.id,
      c.id,
    ]);
    expect(ids(page.items)).not.toContain(hidden.id);
  });

  it('pages keep the order across pages: ordinals first, then newest; each viewer pages through what they may list', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const t = Date.now();
    const made = [];
    for (let i = 0; i < 7; i++)
      made.push(await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t - 60_000 + i * 1000 }));
    const draft = await createArticle({ channelId: ch.id, userId: owner.user.id, published: false, createdAt: t });
    const [m0, m1, m2, m3, m4, m5, m6] = made.map((x) => x.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await db()
      .update(channels)
      .set({ articleOrdinals: { main: [m2, m5, m0] } })
      .where(eq(channels.id, ch.id));
    const expected = [m2, m5, m0, m6, m4, m3, m1];
    expect(await allPages(`/channels/${ch.id}/articles?limit=3`)).toEqual([
      expected.slice(0, 3),
      expected.slice(3, 6),
      expected.slice(6),
    ]);
    // The owner also gets the draft (newest of the rest): every page shifts by one, nothing lost or doubled.
    const own = [m2, m5, m0, draft.id, m6, m4, m3, m1];
    expect(await allPages(`/channels/${ch.slug}/articles?limit=3`, owner.cookie)).toEqual([
      own.slice(0, 3),
      own.slice(3, 6),
      own.slice(6),
    ]);
    // Exactly a full last page: no empty page after it.
    expect(await allPages(`/channels/${ch.id}/articles?limit=7`)).toEqual([expected]);
  });

  it('takes limit 1..100 (default 24) and refuses a cursor it did not make', async () => {
    const ch = await createChannel();
    for (let i = 0; i < 25; i++) await createArticle({ channelId: ch.id });
    const first = articlePage.parse((await call(`/channels/${ch.id}/articles`)).body.result);
    expect(first.items).toHaveLength(24);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = articlePage.parse((await call(`/channels/${ch.id}/articles?cursor=${first.nextCursor}`)).body.result);
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    expect([...ids(first.items), ...ids(rest.items)].sort()).toEqual(
      [...new Set([...ids(first.items), ...ids(rest.items)])].sort(),
    );
    expect((await call(`/channels/${ch.id}/articles?limit=100`)).body.result.items).toHaveLength(25);
    for (const limit of ['0', '101', '2.5', 'x']) {
      expect((await call(`/channels/${ch.id}/articles?limit=${limit}`)).status).toBe(400);
    }
    const made = [
      encodeKeyCursor(['x', 1, ch.id]),
      encodeKeyCursor([1, 2]),
      encodeKeyCursor([-1, 0, ch.id]),
      btoa('{"not":"json'),
      '!!',
    ];
    for (const cursor of ['nope', '-1', '1.5', '24', '1700000000000.0b2c6d4e-4a4b-4c4d-8e8f-000000000000', ...made]) {
      expect((await call(`/channels/${ch.id}/articles?cursor=${encodeURIComponent(cursor)}`)).body).toEqual({
        code: 400,
        message: 'Invalid cursor',
        result: { issues: [] },
      });
    }
    // Past the end: an empty last page.
    const end = encodeKeyCursor([UNLISTED_RANK, 0, crypto.randomUUID()]);
    expect((await call(`/channels/${ch.id}/articles?cursor=${end}`)).body.result).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('goes on after the last row shown: articles added, deleted or moved meanwhile shift nothing', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const t = Date.now() - 600_000;
    const made: string[] = [];
    for (let i = 0; i < 8; i++)
      made.push((await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t + i * 1000 })).id);
    const [m0, m1, m2, m3, m4, m5, m6, m7] = made as [string, string, string, string, string, string, string, string];
    await owner.call(`/channels/${ch.id}`, { method: 'PUT', body: { articleOrdinals: { main: [m1, m3] } } });
    // Listed first (m1, m3), then newest first: m7 m6 m5 m4 m2 m0.
    const page = async (cursor?: string) =>
      articlePage.parse(
        (await call(`/channels/${ch.id}/articles?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).body.result,
      );
    const first = await page();
    expect(ids(first.items)).toEqual([m1, m3, m7]);
    // A new article (newest of all), a deleted one already shown, and one shown moved elsewhere: the next page is unmoved.
    await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: Date.now() });
    await owner.call(`/articles/${m1}`, { method: 'DELETE' });
    const other = await createChannel({ userId: owner.user.id });
    await owner.call(`/articles/${m7}`, { method: 'PUT', body: { channelId: other.id } });
    const second = await page(first.nextCursor!);
    expect(ids(second.items)).toEqual([m6, m5, m4]);
    const third = await page(second.nextCursor!);
    expect(ids(third.items)).toEqual([m2, m0]);
    expect(third.nextCursor).toBeNull();
    // The cursor of a listed row goes on into the rest.
    const afterListed = await page(encodeKeyCursor([0, 0, m3]));
    expect(ids(afterListed.items)[0]).toBe(m3);
  });

  it('answers 404 for a channel the caller may not see', async () => {
    const ch = await createChannel({ private: true });
    expect((await (await asRole('REGULAR_USER')).call(`/channels/${ch.id}/articles`)).status).toBe(404);
    const cursor = encodeKeyCursor([0, 0, crypto.randomUUID()]);
    expect((await call(`/channels/${crypto.randomUUID()}/articles?cursor=${cursor}`)).body).toEqual({
      code: 404,
      message: 'Channel not found',
      result: null,
    });
  });
});
