// The export's reads (decision 036): each entity in keyset pages on its primary key (`id > after`, ascending), so a
// page is an index range whatever came before it and memory holds one page. `ownerId` narrows every read to one
// user's content (an editor's export); null reads everyone's (ADMIN's). Nothing here checks visibility: an export
// is only ever of the caller's own content or, for ADMIN, of everything, drafts and restricted parts included.
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { documentFromText } from '#schema/document-text';
import type {
  ExportArticle,
  ExportCategory,
  ExportChannel,
  ExportFileRef,
  ExportMediaFile,
  ExportNewsItem,
} from '#schema/export';
import { articles, channels, news, users } from '#schema/tables';
import type { Db } from '../env';
import { iso } from '../services/db';
import { pageTranslations } from './export-translations';

/** Rows per page: bounded so a page of the biggest rows (articles with their documents) stays a few MB. */
export const EXPORT_PAGE_SIZES = { categories: 500, channels: 200, articles: 100, news: 500, mediaKeys: 500 } as const;

export interface ExportReadContext {
  /** Only this user's content; null for everyone's. */
  ownerId: string | null;
  /** A stored file's reference with its absolute URL. */
  fileRef: (key: string) => ExportFileRef;
}

const refOrNull = (ctx: ExportReadContext, key: string | null) => (key ? ctx.fileRef(key) : null);

/** JSON arrays of {id, ordinal} from json_group_array, in ordinal order. */
function orderedIds(json: string | null): string[] {
  const items = JSON.parse(json ?? '[]') as { id: string; ordinal: number }[];
  return items.sort((a, b) => a.ordinal - b.ordinal || (a.id < b.id ? -1 : 1)).map((i) => i.id);
}

/**
 * The categories the export holds: for ADMIN all of them; for an editor those their articles and channels are filed
 * in, with every ancestor, so the tree they hang in travels with them (categories are public; none is an editor's).
 * UNION stops a cycle of parents (the health check reports those) from recursing forever.
 */
function exportedCategoryIds(ownerId: string): SQL {
  return sql`with recursive exported_categories(id) as (
    select ac.category_id from article_categories ac join articles a on a.id = ac.article_id where a.user_id = ${ownerId}
    union select cc.category_id from channel_categories cc join channels c on c.id = cc.channel_id where c.user_id = ${ownerId}
    union select c.parent_id from categories c join exported_categories e on c.id = e.id where c.parent_id is not null
  )`;
}

type CategoryRow = {
  id: string;
  parent_id: string | null;
  title: string;
  description: string;
  language: string;
  text_version: number;
  slug: string;
  ordinal: number;
  image_key: string | null;
  created_at: number;
};

export async function exportCategoriesPage(
  db: Db,
  ctx: ExportReadContext,
  after: string,
  limit: number = EXPORT_PAGE_SIZES.categories,
): Promise<ExportCategory[]> {
  const rows = await db.all<CategoryRow>(sql`${ctx.ownerId ? exportedCategoryIds(ctx.ownerId) : sql``}
    select id, parent_id, title, description, language, text_version, slug, ordinal, image_key, created_at
    from categories where id > ${after} ${ctx.ownerId ? sql`and id in (select id from exported_categories)` : sql``}
    order by id limit ${limit}`);
  const translations = await pageTranslations(
    db,
    'category',
    ctx.ownerId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    title: r.title,
    description: r.description,
    slug: r.slug,
    ordinal: r.ordinal,
    image: refOrNull(ctx, r.image_key),
    createdAt: iso(r.created_at),
    language: r.language,
    textVersion: r.text_version,
    translations: translations.get(r.id) ?? [],
  }));
}

/** One page of channels, not yet run (so a test can read its query plan). */
export const channelsPageQuery = (db: Db, ownerId: string | null, after: string, limit: number) =>
  db
    .select({
      channel: channels,
      userName: users.name,
      categories: sql<string>`(select json_group_array(json_object('id', cc.category_id, 'ordinal', cc.ordinal))
        from channel_categories cc where cc.channel_id = ${channels.id})`,
    })
    .from(channels)
    .innerJoin(users, eq(users.id, channels.userId))
    .where(and(ownerId ? eq(channels.userId, ownerId) : undefined, gt(channels.id, after)))
    .orderBy(asc(channels.id))
    .limit(limit);

export async function exportChannelsPage(
  db: Db,
  ctx: ExportReadContext,
  after: string,
  limit: number = EXPORT_PAGE_SIZES.channels,
): Promise<ExportChannel[]> {
  const rows = await channelsPageQuery(db, ctx.ownerId, after, limit).all();
  const translations = await pageTranslations(
    db,
    'channel',
    ctx.ownerId,
    rows.map((r) => r.channel.id),
  );
  return rows.map(({ channel: c, userName, categories }) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    userId: c.userId,
    userName,
    infoText: c.infoText,
    portrait: refOrNull(ctx, c.portraitKey),
    banner: refOrNull(ctx, c.bannerKey),
    coverMedia: !c.coverKey
      ? null
      : c.coverKind === 'video'
        ? { kind: 'video', file: ctx.fileRef(c.coverKey), thumbnailMillis: c.coverThumbnailMillis ?? 0 }
        : { kind: 'image', file: ctx.fileRef(c.coverKey) },
    categoryIds: orderedIds(categories),
    published: c.published,
    hidden: c.hidden,
    private: c.private,
    restricted: c.restricted,
    isAd: c.isAd,
    articleOrdinals: c.articleOrdinals,
    version: c.version,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
    language: c.language,
    textVersion: c.textVersion,
    translations: translations.get(c.id) ?? [],
  }));
}

interface MediaJson {
  id: string;
  ordinal: number;
  kind: 'image' | 'video';
  title: string;
  blobKey: string;
  thumbnailMillis: number | null;
  thumbnailKey: string | null;
}

/** One page of articles, not yet run. */
export const articlesPageQuery = (db: Db, ownerId: string | null, after: string, limit: number) =>
  db
    .select({
      article: articles,
      userName: users.name,
      categories: sql<string>`(select json_group_array(json_object('id', ac.category_id, 'ordinal', ac.ordinal))
        from article_categories ac where ac.article_id = ${articles.id})`,
      media: sql<string>`(select json_group_array(json_object('id', m.id, 'ordinal', m.ordinal, 'kind', m.kind,
        'title', m.title, 'blobKey', m.blob_key, 'thumbnailMillis', m.thumbnail_millis, 'thumbnailKey', m.thumbnail_key))
        from article_media m where m.article_id = ${articles.id})`,
    })
    .from(articles)
    .innerJoin(users, eq(users.id, articles.userId))
    .where(and(ownerId ? eq(articles.userId, ownerId) : undefined, gt(articles.id, after)))
    .orderBy(asc(articles.id))
    .limit(limit);

export async function exportArticlesPage(
  db: Db,
  ctx: ExportReadContext,
  after: string,
  limit: number = EXPORT_PAGE_SIZES.articles,
): Promise<ExportArticle[]> {
  const rows = await articlesPageQuery(db, ctx.ownerId, after, limit).all();
  const translations = await pageTranslations(
    db,
    'article',
    ctx.ownerId,
    rows.map((r) => r.article.id),
  );
  return rows.map(({ article: a, userName, categories, media }) => {
    const items = (JSON.parse(media ?? '[]') as MediaJson[]).sort((x, y) => x.ordinal - y.ordinal);
    return {
      id: a.id,
      slug: a.slug,
      title: a.title,
      teaser: a.teaser,
      type: a.type,
      channelId: a.channelId,
      userId: a.userId,
      userName,
      categoryIds: orderedIds(categories),
      published: a.published,
      publishedAtCategory: a.publishedAtCategory,
      hidden: a.hidden,
      restricted: a.restricted,
      isAd: a.isAd,
      isEditorial: a.isEditorial,
      description: a.description,
      body: a.body ?? documentFromText(a.description),
      thumbnail: refOrNull(ctx, a.thumbnailKey),
      media: a.mediaKind
        ? {
            kind: a.mediaKind,
            items: items.map((m) => ({
              id: m.id,
              ordinal: m.ordinal,
              kind: m.kind,
              title: m.title,
              file: ctx.fileRef(m.blobKey),
              thumbnailMillis: m.kind === 'video' ? (m.thumbnailMillis ?? 0) : null,
              thumbnail: refOrNull(ctx, m.thumbnailKey),
            })),
          }
        : null,
      version: a.version,
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
      language: a.language,
      textVersion: a.textVersion,
      translations: translations.get(a.id) ?? [],
    };
  });
}

/** One page of news items, not yet run. */
export const newsPageQuery = (db: Db, ownerId: string | null, after: string, limit: number) =>
  db
    .select({ news, userName: users.name })
    .from(news)
    .innerJoin(users, eq(users.id, news.userId))
    .where(and(ownerId ? eq(news.userId, ownerId) : undefined, gt(news.id, after)))
    .orderBy(asc(news.id))
    .limit(limit);

export async function exportNewsPage(
  db: Db,
  ctx: ExportReadContext,
  after: string,
  limit: number = EXPORT_PAGE_SIZES.news,
): Promise<ExportNewsItem[]> {
  const rows = await newsPageQuery(db, ctx.ownerId, after, limit).all();
  const translations = await pageTranslations(
    db,
    'news',
    ctx.ownerId,
    rows.map((r) => r.news.id),
  );
  return rows.map(({ news: n, userName }) => ({
    id: n.id,
    title: n.title,
    description: n.description,
    teaser: n.teaser,
    ref: { kind: n.refKind, id: n.refId },
    thumbnail: refOrNull(ctx, n.thumbnailKey),
    userId: n.userId,
    userName,
    publishedAt: iso(n.publishedAt),
    version: n.version,
    createdAt: iso(n.createdAt),
    language: n.language,
    textVersion: n.textVersion,
    translations: translations.get(n.id) ?? [],
  }));
}

/**
 * `a union b union ...` as a tree of two-term unions: D1 refuses a compound SELECT of more terms than a few
 * ('too many terms in compound SELECT'), but each nested one counts on its own.
 */
function unionTree(selects: SQL[]): SQL {
  if (selects.length === 1) return selects[0]!;
  const half = Math.ceil(selects.length / 2);
  return sql`select key from (${unionTree(selects.slice(0, half))}) union select key from (${unionTree(selects.slice(half))})`;
}

/**
 * The keys of the files the exported records refer to, after `after` in key order, each once: one branch per column
 * that holds a key, each an index range of its own (every such column is indexed for the file route), merged and
 * de-duplicated by UNION. The upload's record, where there is one, gives type and size.
 */
export async function exportMediaKeysPage(
  db: Db,
  ownerId: string | null,
  after: string,
  limit: number = EXPORT_PAGE_SIZES.mediaKeys,
): Promise<Omit<ExportMediaFile, 'url' | 'path'>[]> {
  const mine = (column: SQL) => (ownerId ? sql`and ${column} = ${ownerId}` : sql``);
  const branches = [
    sql`select a.thumbnail_key as key from articles a where a.thumbnail_key > ${after} ${mine(sql`a.user_id`)} order by a.thumbnail_key`,
    sql`select m.blob_key as key from article_media m join articles a on a.id = m.article_id
      where m.blob_key > ${after} ${mine(sql`a.user_id`)} order by m.blob_key`,
    sql`select m.thumbnail_key as key from article_media m join articles a on a.id = m.article_id
      where m.thumbnail_key > ${after} ${mine(sql`a.user_id`)} order by m.thumbnail_key`,
    sql`select c.portrait_key as key from channels c where c.portrait_key > ${after} ${mine(sql`c.user_id`)} order by c.portrait_key`,
    sql`select c.banner_key as key from channels c where c.banner_key > ${after} ${mine(sql`c.user_id`)} order by c.banner_key`,
    sql`select c.cover_key as key from channels c where c.cover_key > ${after} ${mine(sql`c.user_id`)} order by c.cover_key`,
    sql`select n.thumbnail_key as key from news n where n.thumbnail_key > ${after} ${mine(sql`n.user_id`)} order by n.thumbnail_key`,
    sql`select g.image_key as key from categories g where g.image_key > ${after}
      ${ownerId ? sql`and g.id in (select id from exported_categories)` : sql``} order by g.image_key`,
  ].map((select) => sql`select key from (${select} limit ${limit})`);
  const rows = await db.all<{ key: string; content_type: string | null; size: number | null }>(sql`
    ${ownerId ? exportedCategoryIds(ownerId) : sql``}
    select k.key, b.content_type, b.size from (${unionTree(branches)}) k left join blobs b on b.key = k.key
    order by k.key limit ${limit}`);
  return rows.map((r) => ({ key: r.key, contentType: r.content_type, size: r.size }));
}
