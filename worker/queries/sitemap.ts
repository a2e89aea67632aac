// What the sitemap lists: every article, channel and category an anonymous visitor may find in a list (published,
// not hidden, not private), with its last change and, for articles, the pictures a visitor may see. Articles are
// split into files by the leading hex digits of their id (uuid v4: uniformly spread), so each file is one range of
// the primary key and costs the same whatever the total (docs/decisions/025-server-rendering.md, "Sitemap"). Each
// row carries its published translations' slugs as one JSON column (a correlated subquery on the translation table's
// primary key), so the file stays one statement (docs/decisions/055-language-urls.md, "Sitemap and feeds").
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { articleMedia, articles, categories, channels } from '#schema/tables';
import type { Db } from '../env';
import { fileHref } from '../lib/files';
import { articleReadableWhere, articleVisibleWhere, channelVisibleWhere } from '../lib/visibility';

/** The protocol's limit per file (50,000 URLs); the files are sized to hold far fewer on average. */
export const SITEMAP_MAX_URLS = 50_000;
/** The average number of articles per file the split aims at. */
export const ARTICLES_PER_FILE = 5_000;

/** A published translation of an entry: its language's full tag and its slug there. */
export interface SitemapTranslation {
  language: string;
  slug: string;
}

export interface SitemapEntry {
  /** The item's URL segment (slug, else id) and kind: the route builds its URL in each language. */
  ref: { id: string; slug: string | null };
  kind: 'article' | 'channel' | 'category';
  /** The source's language (full tag). */
  language: string;
  translations: SitemapTranslation[];
  /** Epoch milliseconds. */
  lastmod: number;
  images: { href: string; title: string }[];
}

/** The published translations of the row `item.id` as a JSON array of {language, slug}. */
const publishedTranslations = (table: string, key: string, item: string) =>
  sql<string>`(select json_group_array(json_object('language', t.language, 'slug', t.slug)) from ${sql.raw(table)} t
    where t.${sql.raw(key)} = ${sql.raw(`"${item}"."id"`)} and t.published = 1)`;

function translationsOf(json: string | null): SitemapTranslation[] {
  try {
    const parsed = JSON.parse(json ?? '[]') as SitemapTranslation[];
    return parsed.filter((t) => typeof t.language === 'string' && typeof t.slug === 'string');
  } catch {
    return [];
  }
}

/**
 * How many leading hex digits of the id name an article file (0: one file of all): the fewest that keep the
 * average file at ARTICLES_PER_FILE. The count comes from max(rowid), which SQLite reads from the end of the
 * table's b-tree: rows ever inserted, an upper bound of the articles there are, in constant time.
 */
export async function articlePrefixLength(db: Db): Promise<number> {
  const row = await db.get<{ n: number | null }>(sql`select max(rowid) as n from ${articles}`);
  const inserted = row?.n ?? 0;
  let digits = 0;
  while (16 ** digits * ARTICLES_PER_FILE < inserted && digits < 4) digits++;
  return digits;
}

/** Every prefix of `digits` hex digits, in order ('' for one file). */
export function articlePrefixes(digits: number): string[] {
  if (digits === 0) return [''];
  return Array.from({ length: 16 ** digits }, (_, i) => i.toString(16).padStart(digits, '0'));
}

export const isArticlePrefix = (value: string) => /^[0-9a-f]{0,4}$/.test(value);

/**
 * The articles whose id starts with `prefix`: one range of the primary key (ids are lower-case hex and dashes, all
 * below 'g'). The pictures: the thumbnail, and the gallery's images when a visitor may read the article's media.
 */
export async function sitemapArticles(db: Db, prefix: string): Promise<SitemapEntry[]> {
  const inRange = (column: typeof articles.id | typeof articleMedia.articleId) =>
    and(gte(column, prefix), lt(column, `${prefix}g`));
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      updatedAt: articles.updatedAt,
      thumbnailKey: articles.thumbnailKey,
      mediaKind: articles.mediaKind,
      language: articles.language,
      translations: publishedTranslations('article_translations', 'article_id', 'articles'),
      readable: sql<number>`${articleReadableWhere(null)}`,
    })
    .from(articles)
    .where(and(inRange(articles.id), articleVisibleWhere(null, { listing: true })))
    .orderBy(asc(articles.id))
    .limit(SITEMAP_MAX_URLS)
    .all();
  const gallery = new Set(rows.filter((r) => r.readable && r.mediaKind === 'gallery').map((r) => r.id));
  const images = new Map<string, { href: string; title: string }[]>();
  if (gallery.size > 0) {
    const media = await db
      .select({ articleId: articleMedia.articleId, blobKey: articleMedia.blobKey, title: articleMedia.title })
      .from(articleMedia)
      .where(and(inRange(articleMedia.articleId), eq(articleMedia.kind, 'image')))
      .orderBy(asc(articleMedia.articleId), asc(articleMedia.ordinal))
      .all();
    for (const m of media) {
      if (!gallery.has(m.articleId)) continue;
      const list = images.get(m.articleId) ?? [];
      list.push({ href: fileHref(m.blobKey)!, title: m.title });
      images.set(m.articleId, list);
    }
  }
  return rows.map((r) => {
    const thumbnail = fileHref(r.thumbnailKey);
    const pictures = images.get(r.id) ?? [];
    return {
      ref: { id: r.id, slug: r.slug },
      kind: 'article' as const,
      language: r.language,
      translations: translationsOf(r.translations),
      lastmod: r.updatedAt,
      images: [...(thumbnail ? [{ href: thumbnail, title: r.title }] : []), ...pictures].slice(0, 1000),
    };
  });
}

/** Every channel a visitor finds in the channel list, with its portrait and banner (visible to anyone). */
export async function sitemapChannels(db: Db): Promise<SitemapEntry[]> {
  const rows = await db
    .select({
      id: channels.id,
      slug: channels.slug,
      name: channels.name,
      updatedAt: channels.updatedAt,
      portraitKey: channels.portraitKey,
      bannerKey: channels.bannerKey,
      language: channels.language,
      translations: publishedTranslations('channel_translations', 'channel_id', 'channels'),
    })
    .from(channels)
    .where(channelVisibleWhere(null, { listing: true }))
    .orderBy(asc(channels.id))
    .limit(SITEMAP_MAX_URLS)
    .all();
  return rows.map((r) => ({
    ref: { id: r.id, slug: r.slug },
    kind: 'channel' as const,
    language: r.language,
    translations: translationsOf(r.translations),
    lastmod: r.updatedAt,
    images: [r.bannerKey, r.portraitKey].flatMap((key) => (key ? [{ href: fileHref(key)!, title: r.name }] : [])),
  }));
}

/** Every category (the tree is public); a category row keeps no time of change, so lastmod is its creation. */
export async function sitemapCategories(db: Db): Promise<SitemapEntry[]> {
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      title: categories.title,
      createdAt: categories.createdAt,
      imageKey: categories.imageKey,
      language: categories.language,
      translations: publishedTranslations('category_translations', 'category_id', 'categories'),
    })
    .from(categories)
    .orderBy(asc(categories.id))
    .limit(SITEMAP_MAX_URLS)
    .all();
  return rows.map((r) => ({
    ref: { id: r.id, slug: r.slug },
    kind: 'category' as const,
    language: r.language,
    translations: translationsOf(r.translations),
    lastmod: r.createdAt,
    images: r.imageKey ? [{ href: fileHref(r.imageKey)!, title: r.title }] : [],
  }));
}
