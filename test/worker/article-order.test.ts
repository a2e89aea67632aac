// The orders kept by triggers (migrations/0007_article_order.sql): articles.channel_rank follows the channel's
// articleOrdinals.main whoever writes it, and article_categories.article_title follows the article's title.
import { asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleCategories, articles, channels, UNLISTED_RANK } from '#schema/tables';
import { asRole, createArticle, createCategory, createChannel } from './content-factories';
import { db } from './helpers';

/** The channel's articles in page order (rank, newest first, id), by id. */
const pageOrder = async (channelId: string) =>
  (
    await db()
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.channelId, channelId))
      .orderBy(asc(articles.channelRank), desc(articles.createdAt), asc(articles.id))
      .all()
  ).map((r) => r.id);

/** What the JSON says: main's ids at their first place (those of the channel), then the rest newest first. */
async function expectedOrder(channelId: string): Promise<string[]> {
  const channel = await db()
    .select({ ordinals: channels.articleOrdinals })
    .from(channels)
    .where(eq(channels.id, channelId))
    .get();
  const newest = (
    await db()
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.channelId, channelId))
      .orderBy(desc(articles.createdAt), asc(articles.id))
      .all()
  ).map((r) => r.id);
  const listed = [...new Set(channel!.ordinals.main ?? [])].filter((id) => newest.includes(id));
  return [...listed, ...newest.filter((id) => !listed.includes(id))];
}

const ranks = async (channelId: string) =>
  Object.fromEntries(
    (
      await db()
        .select({ id: articles.id, rank: articles.channelRank })
        .from(articles)
        .where(eq(articles.channelId, channelId))
        .all()
    ).map((r) => [r.id, r.rank]),
  );

const setMain = (channelId: string, main: string[]) =>
  db()
    .update(channels)
    .set({ articleOrdinals: { main, other: main.slice(0, 1) } })
    .where(eq(channels.id, channelId));

describe('articles.channel_rank', () => {
  it('follows articleOrdinals.main through every kind of write', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const t = Date.now() - 3_600_000;
    const ids: string[] = [];
    for (let i = 0; i < 9; i++)
      ids.push((await createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t + i * 1000 })).id);
    const [a, b, c, d, e, f] = ids as [string, string, string, string, string, string];
    const steps: [string, () => Promise<unknown>][] = [
      ['nothing listed', async () => undefined],
      ['a main written directly', () => setMain(ch.id, [c, a, crypto.randomUUID(), e])],
      ['repeats count at their first place', () => setMain(ch.id, [e, c, e, a, c])],
      [
        'reordered through the API',
        () => owner.call(`/channels/${ch.id}`, { method: 'PUT', body: { articleOrdinals: { main: [b, a, d, c] } } }),
      ],
      ['an article deleted', () => owner.call(`/articles/${a}`, { method: 'DELETE' })],
      ['one taken out of main only', () => setMain(ch.id, [b, c])],
      [
        'an article created in the channel',
        () => createArticle({ channelId: ch.id, userId: owner.user.id, createdAt: t + 60_000 }),
      ],
      [
        'one moved out of the channel',
        async () =>
          owner.call(`/articles/${b}`, {
            method: 'PUT',
            body: { channelId: (await createChannel({ userId: owner.user.id })).id },
          }),
      ],
      ['main emptied', () => setMain(ch.id, [])],
      [
        'main without a main key',
        () =>
          db()
            .update(channels)
            .set({ articleOrdinals: { other: [f] } })
            .where(eq(channels.id, ch.id)),
      ],
      ['everything listed, backwards', async () => setMain(ch.id, (await pageOrder(ch.id)).reverse())],
    ];
    for (const [step, run] of steps) {
      await run();
      expect(await pageOrder(ch.id), step).toEqual(await expectedOrder(ch.id));
    }
    const unlisted = Object.values(await ranks(ch.id)).filter((r) => r === UNLISTED_RANK);
    expect(unlisted).toEqual([]);
  });

  it('leaves the other ranks alone when main only loses entries', async () => {
    const owner = await asRole('CLIENT');
    const ch = await createChannel({ userId: owner.user.id });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createArticle({ channelId: ch.id, userId: owner.user.id })).id);
    await setMain(ch.id, ids);
    const before = await ranks(ch.id);
    await owner.call(`/articles/${ids[0]}`, { method: 'DELETE' });
    const after = await ranks(ch.id);
    for (const id of ids.slice(1)) expect(after[id]).toBe(before[id]);
    expect(await pageOrder(ch.id)).toEqual(ids.slice(1));
  });

  it('places an article created with an id main already lists, and one that enters or leaves a channel', async () => {
    const owner = await asRole('CLIENT');
    const [one, two] = [await createChannel({ userId: owner.user.id }), await createChannel({ userId: owner.user.id })];
    const early = await createArticle({ channelId: one.id, userId: owner.user.id });
    const planned = crypto.randomUUID();
    await setMain(one.id, [early.id, planned]);
    await db()
      .insert(articles)
      .values({ id: planned, slug: `planned-${planned}`, title: 'Planned', userId: owner.user.id, channelId: one.id });
    const rank = async (id: string) =>
      (await db().select({ rank: articles.channelRank }).from(articles).where(eq(articles.id, id)).get())!.rank;
    expect(await rank(planned)).toBe(1);
    await db().update(articles).set({ channelId: two.id }).where(eq(articles.id, planned));
    expect(await rank(planned)).toBe(UNLISTED_RANK);
    await db().update(articles).set({ channelId: one.id }).where(eq(articles.id, planned));
    expect(await rank(planned)).toBe(1);
    await db().update(articles).set({ channelId: null }).where(eq(articles.id, planned));
    expect(await rank(planned)).toBe(UNLISTED_RANK);
  });
});

describe('article_categories.article_title', () => {
  it('is the title when linked, and follows a new title', async () => {
    const [first, second] = [await createCategory(), await createCategory()];
    const a = await createArticle({ title: 'Before', categoryIds: [first.id] });
    await db().insert(articleCategories).values({ articleId: a.id, categoryId: second.id, ordinal: 1 });
    const titles = async () =>
      (
        await db()
          .select({ t: articleCategories.articleTitle })
          .from(articleCategories)
          .where(eq(articleCategories.articleId, a.id))
          .all()
      ).map((r) => r.t);
    expect(await titles()).toEqual(['Before', 'Before']);
    await db().update(articles).set({ title: 'After' }).where(eq(articles.id, a.id));
    expect(await titles()).toEqual(['After', 'After']);
  });
});
