import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { healthCheck } from '#schema/entities';
import { articleCategories, articles, blobs, categories, channels, news } from '#schema/tables';
import { checkHealth } from '#worker/queries/health-check';
import { createArticle, createCategory, createChannel, createNewsItem, createBlob } from './content-factories';
import { as, call, db } from './helpers';
import { pngBytes } from './upload-fixtures';

const NOTHING_ELSE = { categoryCycles: [], unreferencedFiles: 0, unfinishedUploads: 0 };

describe('GET /healthCheck and /healthCheck/fix', () => {
  it('are for ADMIN only', async () => {
    for (const path of ['/healthCheck', '/healthCheck/fix']) {
      expect((await call(path)).status).toBe(401);
      for (const role of ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR'] as const) {
        expect((await (await as(role)).call(path)).status).toBe(403);
      }
    }
  });

  it('finds planted dangling references, and the fix removes exactly those', async () => {
    const { call: asAdmin } = await as('ADMIN');
    expect((await asAdmin('/healthCheck')).body.result).toEqual({
      message: 'All references are intact',
      missingArticles: [],
      missingChannels: [],
      ...NOTHING_ELSE,
    });

    const ghostA = crypto.randomUUID();
    const ghostB = crypto.randomUUID();
    const real = await createArticle();
    const deleted = await createArticle();
    const cat = await createCategory();
    await db().insert(articleCategories).values({ articleId: real.id, categoryId: cat.id });
    const channel = await createChannel({
      articleOrdinals: { main: [real.id, ghostA, deleted.id], extra: [ghostB, real.id], empty: [] },
    });
    const clean = await createChannel({ articleOrdinals: { main: [real.id] } });
    const thumb = await createBlob(null);
    await env.FILES.put(thumb.key, pngBytes());
    const danglingNews = await createNewsItem({ refKind: 'article', refId: ghostA, thumbnailKey: thumb.key });
    const goodNews = await createNewsItem({ refKind: 'article', refId: real.id });
    const channelNews = await createNewsItem({ refKind: 'channel', refId: channel.id });
    // An article deleted behind the API's back leaves its ids in ordinals and news.
    const deletedNews = await createNewsItem({ refKind: 'article', refId: deleted.id });
    await db().delete(articles).where(eq(articles.id, deleted.id));

    const expected = [ghostA, ghostB, deleted.id].sort();
    const report = await asAdmin('/healthCheck');
    expect(report.status).toBe(200);
    const found = healthCheck.parse(report.body.result);
    expect([...found.missingArticles].sort()).toEqual(expected);
    expect(found.message).toBe(
      '3 missing articles are still referenced: 3 in channel article lists, 2 in news, 0 in category links',
    );
    expect((await checkHealth(db())).references).toEqual({ channel: 3, news: 2, category: 0, newsChannel: 0 });

    // A cross-site GET must not change anything.
    const crossSite = await asAdmin('/healthCheck/fix', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect([...(await asAdmin('/healthCheck')).body.result.missingArticles].sort()).toEqual(expected);

    const fix = await asAdmin('/healthCheck/fix');
    expect(fix.status).toBe(200);
    expect([...healthCheck.parse(fix.body.result).missingArticles].sort()).toEqual(expected);
    expect(fix.body.result.message).toContain('Removed references to 3 missing articles');

    const after = await db()
      .select({ id: channels.id, ordinals: channels.articleOrdinals })
      .from(channels)
      .where(inArray(channels.id, [channel.id, clean.id]))
      .all();
    expect(after.find((c) => c.id === channel.id)?.ordinals).toEqual({ main: [real.id], extra: [real.id], empty: [] });
    expect(after.find((c) => c.id === clean.id)?.ordinals).toEqual({ main: [real.id] });
    const left = (await db().select({ id: news.id }).from(news).all()).map((n) => n.id);
    expect(left).toEqual(expect.arrayContaining([goodNews.id, channelNews.id]));
    expect(left).not.toContain(danglingNews.id);
    expect(left).not.toContain(deletedNews.id);
    expect(await env.FILES.head(thumb.key)).toBeNull();
    expect(await db().select().from(blobs).where(eq(blobs.key, thumb.key)).all()).toEqual([]);
    expect(
      await db().select().from(articleCategories).where(eq(articleCategories.articleId, real.id)).all(),
    ).toHaveLength(1);

    expect((await asAdmin('/healthCheck')).body.result).toEqual({
      message: 'All references are intact',
      missingArticles: [],
      missingChannels: [],
      ...NOTHING_ELSE,
    });
    expect((await asAdmin('/healthCheck/fix')).body.result).toEqual({
      message: 'Nothing to fix',
      missingArticles: [],
      missingChannels: [],
      ...NOTHING_ELSE,
    });
  });

  it('reports and fixes dangling references whatever the shape of their ids (no uuid, a number, a channel)', async () => {
    const { call: asAdmin } = await as('ADMIN');
    await asAdmin('/healthCheck/fix'); // start clean
    const real = await createArticle();
    const gone = crypto.randomUUID();
    const channel = await createChannel({
      articleOrdinals: { main: [real.id, 'legacy-42', 7 as unknown as string] },
    });
    const oddNews = await createNewsItem({ refKind: 'article', refId: 'not-a-uuid' });
    const channelNews = await createNewsItem({ refKind: 'channel', refId: gone });
    const oddChannelNews = await createNewsItem({ refKind: 'channel', refId: 'old channel 3' });

    const report = await asAdmin('/healthCheck');
    expect(report.status).toBe(200);
    const found = healthCheck.parse(report.body.result);
    expect([...found.missingArticles].sort()).toEqual(['7', 'legacy-42', 'not-a-uuid'].sort());
    expect([...found.missingChannels!].sort()).toEqual([gone, 'old channel 3'].sort());
    expect(found.message).toBe(
      '3 missing articles are still referenced, 2 missing channels are still referenced: 2 in channel article lists, ' +
        '1 in news, 0 in category links; 2 news items pointing at a missing channel',
    );

    const fix = await asAdmin('/healthCheck/fix');
    expect(fix.status).toBe(200);
    expect(fix.body.result.message).toContain('Removed references to 3 missing articles and 2 missing channels');
    const ordinals = (await db().select().from(channels).where(eq(channels.id, channel.id)).get())!.articleOrdinals;
    expect(ordinals).toEqual({ main: [real.id] });
    const left = (await db().select({ id: news.id }).from(news).all()).map((n) => n.id);
    for (const n of [oddNews, channelNews, oddChannelNews]) expect(left).not.toContain(n.id);
    expect((await asAdmin('/healthCheck')).body.result).toMatchObject({ missingArticles: [], missingChannels: [] });
  });
});

describe('category cycles', () => {
  it('are reported (not "intact"), and the fix breaks each one so its members can be deleted', async () => {
    const { call: asAdmin } = await as('ADMIN');
    // A cycle as a race or an operator's SQL could have left it: X under Y under Z under X, with W hanging below.
    const x = await createCategory();
    const y = await createCategory({ parentId: x.id });
    const z = await createCategory({ parentId: y.id });
    const w = await createCategory({ parentId: z.id });
    await db().update(categories).set({ parentId: z.id }).where(eq(categories.id, x.id));
    const report = healthCheck.parse((await asAdmin('/healthCheck')).body.result);
    expect(report.categoryCycles).toEqual([x.id, y.id, z.id].sort());
    expect(report.message).toBe('All references are intact; 3 categories are on a cycle of parents');
    // Meanwhile the crumbs name each category once (they went round the cycle to 65 entries).
    const crumbs = (await call(`/categories/${w.id}/route`)).body.result as { id: string }[];
    expect(crumbs.map((c) => c.id).sort()).toEqual([w.id, x.id, y.id, z.id].sort());

    const fix = await asAdmin('/healthCheck/fix');
    expect(fix.status).toBe(200);
    expect(fix.body.result.message).toBe('Moved 1 category to the top level to break a cycle of parents');
    expect(fix.body.result.categoryCycles).toEqual([]);
    const smallest = [x.id, y.id, z.id].sort()[0]!;
    const top = await db().select().from(categories).where(eq(categories.id, smallest)).get();
    expect(top?.parentId).toBeNull();
    expect(healthCheck.parse((await asAdmin('/healthCheck')).body.result).categoryCycles).toEqual([]);
    // Every member can be deleted again, leaves first (before, none could: each had a child).
    let left = [w.id, x.id, y.id, z.id];
    for (let round = 0; round < 4 && left.length > 0; round++) {
      const answers = await Promise.all(left.map((id) => asAdmin(`/categories/${id}`, { method: 'DELETE' })));
      left = left.filter((_, i) => answers[i]!.status !== 200);
    }
    expect(left).toEqual([]);
  });
});
