// Writes the demo portal of seed-demo-content.ts into the local D1 and R2: files first, then every row in
// one atomic D1 batch (if it fails, the files are removed again, so a retry starts clean).
import {
  articleCategories,
  articleMedia,
  articles,
  blobs,
  categories,
  channelCategories,
  channels,
  contentAccess,
  contentRequests,
  imageOptions,
  news,
  publicationRequests,
  slugs,
  userArticles,
  userChannels,
  users,
  articleTranslations,
  categoryTranslations,
  channelTranslations,
  newsTranslations,
  translationSlugs,
} from '#schema/tables';
import type { Db, Env } from '../env';
import { hashPassword } from '../lib/password';
import { slugify } from '../queries/slugs';
import {
  ARTICLES,
  CATEGORY_TREE,
  CHANNELS,
  DEMO_PASSWORD,
  DEMO_USERS,
  NEWS,
  type CategorySpec,
  type UserName,
} from './seed-demo-content';
import { chunkedInserts, runAtomically, storeDemoFile } from './seed-lib';
import { germanTranslationRows } from './seed-demo-german';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export interface DemoSummary {
  users: number;
  categories: number;
  channels: number;
  articles: number;
  publishedArticles: number;
  news: number;
  files: number;
  bytes: number;
}

export async function seedDemo(env: Env, db: Db): Promise<DemoSummary> {
  const now = Date.now();
  const storedKeys: string[] = [];
  const blobRows: (typeof blobs.$inferInsert)[] = [];

  const userIds = Object.fromEntries(DEMO_USERS.map((u) => [u.name, crypto.randomUUID()])) as Record<UserName, string>;
  /** Every use of a picture gets its own R2 object, as an upload would: deleting one entity's file never breaks another. */
  async function file(name: string, owner: UserName): Promise<string> {
    const stored = await storeDemoFile(env, name);
    storedKeys.push(stored.key);
    blobRows.push({
      key: stored.key,
      contentType: stored.contentType,
      size: stored.size,
      ...stored.pixels,
      userId: userIds[owner],
      createdAt: now,
    });
    return stored.key;
  }

  const usedSlugs = new Set<string>();
  const slugRows: (typeof slugs.$inferInsert)[] = [];
  function slugFor(text: string, entityId: string, entityKind: 'article' | 'channel' | 'category'): string {
    const base = slugify(text);
    let slug = base;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${base}-${n}`;
    usedSlugs.add(slug);
    slugRows.push({ slug, entityId, entityKind });
    return slug;
  }

  try {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const userRows = DEMO_USERS.map((u, i) => ({
      id: userIds[u.name as UserName],
      name: u.name,
      email: `${u.name}@example.com`,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      active: true,
      passwordHash,
      createdAt: now - 60 * DAY + i * HOUR,
      updatedAt: now - 60 * DAY + i * HOUR,
    }));

    // Categories, parents before children (one insert statement checks its foreign keys row by row).
    const categoryIds = new Map<string, string>();
    const categoryRows: (typeof categories.$inferInsert)[] = [];
    async function addCategories(specs: CategorySpec[], parentId: string | null): Promise<void> {
      for (const [ordinal, spec] of specs.entries()) {
        const id = crypto.randomUUID();
        categoryIds.set(spec.key, id);
        categoryRows.push({
          id,
          parentId,
          title: spec.title,
          ordinal,
          slug: slugFor(spec.title, id, 'category'),
          imageKey: spec.image ? await file(spec.image, 'admin') : null,
          createdAt: now - 50 * DAY,
        });
      }
      for (const spec of specs) if (spec.children) await addCategories(spec.children, categoryIds.get(spec.key)!);
    }
    await addCategories(CATEGORY_TREE, null);
    const categoryId = (key: string) => {
      const id = categoryIds.get(key);
      if (!id) throw new Error(`Unknown demo category ${key}`);
      return id;
    };

    const channelIds = new Map<string, string>();
    const channelRows: (typeof channels.$inferInsert)[] = [];
    const channelCategoryRows: (typeof channelCategories.$inferInsert)[] = [];
    const imageOptionRows: (typeof imageOptions.$inferInsert)[] = [];
    for (const [i, spec] of CHANNELS.entries()) {
      const id = crypto.randomUUID();
      channelIds.set(spec.key, id);
      const cover = spec.cover;
      const bannerKey = spec.banner ? await file(spec.banner, spec.owner) : null;
      if (bannerKey) imageOptionRows.push({ blobKey: bannerKey, position: '50% 40%', scale: 1 });
      channelRows.push({
        id,
        slug: slugFor(spec.name, id, 'channel'),
        name: spec.name,
        userId: userIds[spec.owner],
        infoText: spec.infoText,
        portraitKey: await file(spec.portrait, spec.owner),
        bannerKey,
        coverKind: cover ? ('video' in cover ? 'video' : 'image') : null,
        coverKey: cover ? await file('video' in cover ? cover.video : cover.image, spec.owner) : null,
        coverThumbnailMillis: cover && 'video' in cover ? cover.thumbnailMillis : null,
        published: true,
        hidden: spec.hidden ?? false,
        private: spec.private ?? false,
        restricted: spec.restricted ?? false,
        isAd: spec.isAd ?? false,
        articleOrdinals: { main: [] },
        createdAt: now - (40 - i) * DAY,
        updatedAt: now - (40 - i) * DAY,
      });
      for (const [ordinal, key] of spec.categories.entries())
        channelCategoryRows.push({ channelId: id, categoryId: categoryId(key), ordinal });
    }

    const articleIds = new Map<string, string>();
    const articleRows: (typeof articles.$inferInsert)[] = [];
    const articleCategoryRows: (typeof articleCategories.$inferInsert)[] = [];
    const mediaRows: (typeof articleMedia.$inferInsert)[] = [];
    for (const [i, spec] of ARTICLES.entries()) {
      const id = crypto.randomUUID();
      articleIds.set(spec.title, id);
      const channel = spec.channel ? CHANNELS.find((c) => c.key === spec.channel) : undefined;
      if (spec.channel && !channel) throw new Error(`Unknown demo channel ${spec.channel}`);
      const owner = spec.owner ?? channel?.owner ?? 'editor';
      const media = spec.media;
      const items: { file: string; title: string; thumbnailMillis?: number }[] = media
        ? 'gallery' in media
          ? media.gallery
          : media.videos
        : [];
      for (const [ordinal, item] of items.entries()) {
        mediaRows.push({
          id: crypto.randomUUID(),
          articleId: id,
          ordinal,
          kind: media && 'gallery' in media ? 'image' : 'video',
          title: item.title,
          blobKey: await file(item.file, owner),
          thumbnailMillis: item.thumbnailMillis ?? null,
          // A video's poster: its own copy of the article's picture.
          thumbnailKey: media && 'videos' in media && spec.thumbnail ? await file(spec.thumbnail, owner) : null,
        });
      }
      const thumbnailFile = spec.thumbnail ?? (media && 'gallery' in media ? media.gallery[0]?.file : undefined);
      // Newest first in the list order above: article i was written i * 19 hours ago.
      const createdAt = now - i * 19 * HOUR - 2 * HOUR;
      articleRows.push({
        id,
        slug: slugFor(spec.title, id, 'article'),
        title: spec.title,
        description: spec.description,
        teaser: spec.teaser,
        type: media ? ('gallery' in media ? 'gallery' : 'video') : 'text',
        channelId: channel ? channelIds.get(channel.key)! : null,
        userId: userIds[owner],
        thumbnailKey: thumbnailFile ? await file(thumbnailFile, owner) : null,
        published: spec.published ?? true,
        publishedAtCategory: spec.publishedAtCategory ?? false,
        hidden: spec.hidden ?? false,
        restricted: spec.restricted ?? false,
        isAd: spec.isAd ?? false,
        isEditorial: spec.isEditorial ?? false,
        mediaKind: media ? ('gallery' in media ? 'gallery' : 'video') : null,
        createdAt,
        updatedAt: createdAt,
      });
      for (const [ordinal, key] of spec.categories.entries())
        articleCategoryRows.push({ articleId: id, categoryId: categoryId(key), ordinal });
    }
    // Each channel page shows its articles in list order.
    for (const row of channelRows) {
      row.articleOrdinals = { main: articleRows.filter((a) => a.channelId === row.id).map((a) => a.id) };
    }

    const newsRows: (typeof news.$inferInsert)[] = [];
    for (const [i, spec] of NEWS.entries()) {
      const refId = 'article' in spec.ref ? articleIds.get(spec.ref.article) : channelIds.get(spec.ref.channel);
      if (!refId) throw new Error(`Unknown demo news reference in ${spec.title}`);
      // Spread over the day too, so two items of one day still have a clear order.
      const publishedAt = now - spec.daysAgo * DAY - (i % 3) * 3 * HOUR - 10 * 60_000;
      newsRows.push({
        id: crypto.randomUUID(),
        title: spec.title,
        teaser: spec.teaser,
        description: spec.description,
        refKind: 'article' in spec.ref ? 'article' : 'channel',
        refId,
        thumbnailKey: await file(spec.thumbnail, spec.author),
        userId: userIds[spec.author],
        publishedAt,
        createdAt: publishedAt,
      });
    }

    // A little activity so mySO and the admin screens have something to show.
    const lounge = channelIds.get('lounge')!;
    const accessRows: (typeof contentAccess.$inferInsert)[] = [
      {
        id: crypto.randomUUID(),
        userId: userIds.reader,
        contentId: lounge,
        contentType: 'channel',
        createdAt: now - 5 * DAY,
      },
    ];
    const requestRows: (typeof contentRequests.$inferInsert)[] = [
      {
        id: crypto.randomUUID(),
        userId: userIds.reader,
        contentId: lounge,
        contentType: 'channel',
        status: 'ALLOWED',
        createdAt: now - 6 * DAY,
        decidedAt: now - 5 * DAY,
      },
      {
        id: crypto.randomUUID(),
        userId: userIds.contributor,
        contentId: lounge,
        contentType: 'channel',
        status: 'PENDING',
        createdAt: now - DAY,
      },
    ];
    const likedChannels = ['alpine', 'cafe'].map((key, i) => ({
      id: crypto.randomUUID(),
      userId: userIds.reader,
      contentId: channelIds.get(key)!,
      createdAt: now - (3 - i) * DAY,
    }));
    const likedArticles = ['Café culture in Vienna', 'The Moon up close', 'Alps: a week on the high trail'].map(
      (title, i) => ({
        id: crypto.randomUUID(),
        userId: userIds.reader,
        contentId: articleIds.get(title)!,
        createdAt: now - (4 - i) * DAY,
      }),
    );
    const publicationRows: (typeof publicationRequests.$inferInsert)[] = [
      {
        id: crypto.randomUUID(),
        userId: userIds.contributor,
        contentId: articleIds.get('Draft: Phobos and Deimos')!,
        type: 'article',
        status: 'PENDING',
        createdAt: now - DAY,
        updatedAt: now - DAY,
      },
    ];

    // German translations (issue 29): some articles, one channel, every category and news item (seed-demo-german.ts).
    const german = germanTranslationRows({
      categoryIds,
      channelIds,
      articleIds,
      media: mediaRows,
      news: newsRows,
      now,
    });

    await runAtomically(db, [
      ...chunkedInserts(db, users, userRows),
      ...chunkedInserts(db, blobs, blobRows),
      ...chunkedInserts(db, categories, categoryRows),
      ...chunkedInserts(db, channels, channelRows),
      ...chunkedInserts(db, channelCategories, channelCategoryRows),
      ...chunkedInserts(db, articles, articleRows),
      ...chunkedInserts(db, articleCategories, articleCategoryRows),
      ...chunkedInserts(db, articleMedia, mediaRows),
      ...chunkedInserts(db, news, newsRows),
      ...chunkedInserts(db, slugs, slugRows),
      ...chunkedInserts(db, imageOptions, imageOptionRows),
      ...chunkedInserts(db, contentAccess, accessRows),
      ...chunkedInserts(db, contentRequests, requestRows),
      ...chunkedInserts(db, userChannels, likedChannels),
      ...chunkedInserts(db, userArticles, likedArticles),
      ...chunkedInserts(db, publicationRequests, publicationRows),
      ...chunkedInserts(db, categoryTranslations, german.categories),
      ...chunkedInserts(db, channelTranslations, german.channels),
      ...chunkedInserts(db, articleTranslations, german.articles),
      ...chunkedInserts(db, newsTranslations, german.news),
      ...chunkedInserts(db, translationSlugs, german.slugs),
    ]);

    return {
      users: userRows.length,
      categories: categoryRows.length,
      channels: channelRows.length,
      articles: articleRows.length,
      publishedArticles: articleRows.filter((a) => a.published).length,
      news: newsRows.length,
      files: blobRows.length,
      bytes: blobRows.reduce((sum, b) => sum + b.size, 0),
    };
  } catch (error) {
    if (storedKeys.length > 0) await env.FILES.delete(storedKeys);
    throw error;
  }
}
