import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { healthCheck } from '../../schema/entities';
import { articleCategories, articles, blobs, channels, news } from '../../schema/tables';
import { checkHealth } from '../../worker/queries/health-check';
import { createArticle, createCategory, createChannel, createNewsItem, createBlob } from './content-factories';
import { as, call, db } from './helpers';
import { pngBytes } from './upload-fixtures';

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
      message: 'All article references are intact',
      missingArticles: [],
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
    expect((await checkHealth(db())).references).toEqual({ channel: 3, news: 2, category: 0 });

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
      message: 'All article references are intact',
      missingArticles: [],
    });
    expect((await asAdmin('/healthCheck/fix')).body.result).toEqual({ message: 'Nothing to fix', missingArticles: [] });
  });
});
