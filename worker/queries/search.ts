// Full-text search over articles, channels and categories, in the reader's language, with the FTS5 table
// `search_index` (migrations/0026_search_languages.sql keeps it in step with the items and their translations by
// triggers). The rules: decisions 006 and 056.
import { and, eq, or, sql } from 'drizzle-orm';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { SearchItem } from '#schema/entities';
import type { Language } from '#schema/languages';
import {
  articles,
  articleTranslations,
  categories,
  categoryTranslations,
  channels,
  channelTranslations,
} from '#schema/tables';
import type { Db } from '../env';
import { fileHref } from '../lib/files';
import { DEFAULT_FOLDING, foldQueryText, searchFoldingOf, type SearchFolding } from '../lib/search-folding';
import { articleThumbnailKey } from './article-mappers';
import { articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';

/** The FTS5 virtual table, declared here only for queries: drizzle-kit must not manage it. */
export const searchIndex = sqliteTable('search_index', {
  kind: text('kind', { enum: ['article', 'channel', 'category'] }).notNull(),
  entityId: text('entity_id').notNull(),
  /** '' for the item's own text (in the item's `language`), else the tag of the translation the row holds. */
  language: text('language').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** The German spellings of a text with ß or umlauts (ß→ss, ä→ae, ...), else ''. */
  alternates: text('alternates').notNull(),
});

export const SEARCH_LIMIT = 20;
/** How much of a teaser or info text a search result carries (the SPA shows one line of it). */
const CONTEXT_CHARS = 160;
/** More words than this add nothing to a type-ahead query but cost time. */
const MAX_TOKENS = 8;
const MAX_TOKEN_LENGTH = 64;

/**
 * Turns user text into a safe FTS5 query: words of letters, digits and combining marks (what the
 * unicode61 tokenizer keeps), each quoted and made a prefix (`"gal"*`) for type-ahead, all required.
 * Nothing the user types reaches FTS5 as syntax, so quotes, `*`, `-`, NEAR, `:` or `^` cannot fail.
 * Null when no word is left.
 */
export function ftsQuery(text: string): string | null {
  const words = text.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const tokens = [...new Set(words.map((w) => w.slice(0, MAX_TOKEN_LENGTH)))].slice(0, MAX_TOKENS);
  if (tokens.length === 0) return null;
  // The tokens hold no `"`, so quoting them needs no escaping.
  return tokens.map((t) => `"${t}"*`).join(' AND ');
}

/**
 * bm25 with the title weighted over the text, and the German alternates between the two; kind, entity_id and
 * language are not indexed. Lower is better.
 */
const rank = sql<number>`bm25(search_index, 0.0, 0.0, 0.0, 10.0, 1.0, 2.0)`;
/** The FTS5 query over the columns a language's folding searches. */
const matches = (query: string, folding: SearchFolding) =>
  sql`search_index match ${`{${folding.columns.join(' ')}} : (${query})`}`;

/** Whether the row holds the item's own text (not a translation's). */
const ownText = sql`${searchIndex.language} = ''`;
const itemLanguage = sql<string>`coalesce(${articles.language}, ${channels.language}, ${categories.language})`;
/** Whether the item is public, which a translation must be to be read (decision 056's overlay rule). */
const itemPublic = sql`(case ${searchIndex.kind} when 'article' then ${articles.published} = 1
  when 'channel' then ${channels.published} = 1 else 1 end)`;
/** Whether the item has a published translation in `tag` (the primary key of each translation table finds it). */
const hasPublishedTranslation = (tag: string) => sql`(case ${searchIndex.kind}
  when 'article' then exists (select 1 from article_translations t
    where t.article_id = ${searchIndex.entityId} and t.language = ${tag} and t.published = 1)
  when 'channel' then exists (select 1 from channel_translations t
    where t.channel_id = ${searchIndex.entityId} and t.language = ${tag} and t.published = 1)
  else exists (select 1 from category_translations t
    where t.category_id = ${searchIndex.entityId} and t.language = ${tag} and t.published = 1) end)`;
const translationPublished = sql`coalesce(${articleTranslations.published}, ${channelTranslations.published},
  ${categoryTranslations.published}) = 1`;

/**
 * Which rows answer a reader of `tag`, so that each item is matched once: a public item's published translation in
 * the reader's language is matched there (and its own text is not); any other item is matched in its own text. Drafts,
 * and translations of an item that is not public, never match.
 */
const inReadersLanguage = (tag: string) => sql`(case when ${ownText}
  then not (${itemLanguage} <> ${tag} and ${itemPublic} and ${hasPublishedTranslation(tag)})
  else ${searchIndex.language} = ${tag} and ${itemLanguage} <> ${tag} and ${itemPublic} and ${translationPublished}
  end)`;

/**
 * Articles, channels and categories matching the text that the viewer may see in lists, best first, each in the
 * reader's language where it has a published translation in it (else its own), in one statement.
 */
export async function searchEverything(
  db: Db,
  viewer: Viewer,
  text: string,
  language?: Language,
  limit = SEARCH_LIMIT,
): Promise<SearchItem[]> {
  const folding = language ? searchFoldingOf(language) : DEFAULT_FOLDING;
  const query = ftsQuery(foldQueryText(folding, text));
  if (!query) return [];
  const tag = language?.tag;
  const rows = await db
    .select({
      kind: searchIndex.kind,
      entityId: searchIndex.entityId,
      label: searchIndex.title,
      language: sql<string>`case when ${ownText} then ${itemLanguage} else ${searchIndex.language} end`,
      slug: sql<
        string | null
      >`case when ${ownText} then coalesce(${articles.slug}, ${channels.slug}, ${categories.slug})
        else coalesce(${articleTranslations.slug}, ${channelTranslations.slug}, ${categoryTranslations.slug}) end`,
      articleThumb: articleThumbnailKey,
      channelThumb: channels.portraitKey,
      categoryThumb: categories.imageKey,
      // A line of context under the title: the article's teaser or the channel's info text, in the row's language
      // (never the body of the index, which holds restricted descriptions), cut here so a long text costs nothing on
      // the wire.
      context: sql<string | null>`nullif(trim(substr(case when ${ownText}
        then coalesce(${articles.teaser}, ${channels.infoText}, '')
        else coalesce(${articleTranslations.teaser}, ${channelTranslations.infoText}, '') end, 1, ${CONTEXT_CHARS})), '')`,
    })
    .from(searchIndex)
    .leftJoin(articles, and(eq(searchIndex.kind, 'article'), eq(articles.id, searchIndex.entityId)))
    .leftJoin(channels, and(eq(searchIndex.kind, 'channel'), eq(channels.id, searchIndex.entityId)))
    .leftJoin(categories, and(eq(searchIndex.kind, 'category'), eq(categories.id, searchIndex.entityId)))
    .leftJoin(
      articleTranslations,
      and(
        eq(searchIndex.kind, 'article'),
        eq(articleTranslations.articleId, searchIndex.entityId),
        eq(articleTranslations.language, searchIndex.language),
      ),
    )
    .leftJoin(
      channelTranslations,
      and(
        eq(searchIndex.kind, 'channel'),
        eq(channelTranslations.channelId, searchIndex.entityId),
        eq(channelTranslations.language, searchIndex.language),
      ),
    )
    .leftJoin(
      categoryTranslations,
      and(
        eq(searchIndex.kind, 'category'),
        eq(categoryTranslations.categoryId, searchIndex.entityId),
        eq(categoryTranslations.language, searchIndex.language),
      ),
    )
    .where(
      and(
        matches(query, folding),
        // Without a language (a caller outside a request) only the items' own text, as before languages.
        tag ? inReadersLanguage(tag) : ownText,
        or(
          and(sql`${articles.id} is not null`, articleVisibleWhere(viewer, { listing: true })),
          and(sql`${channels.id} is not null`, channelVisibleWhere(viewer, { listing: true })),
          sql`${categories.id} is not null`,
        ),
      ),
    )
    .orderBy(rank, searchIndex.title)
    .limit(limit)
    .all();
  return rows.map((r) => ({
    value: r.entityId,
    label: r.label,
    kind: r.kind,
    thumbnailHref: fileHref(r.articleThumb ?? r.channelThumb ?? r.categoryThumb),
    context: r.context,
    slug: r.slug,
    language: r.language,
  }));
}

/** Ids of the categories whose own title (not a translation's) matches the text, best first. */
export async function searchCategoryIds(db: Db, text: string, limit = SEARCH_LIMIT): Promise<string[]> {
  const query = ftsQuery(text);
  if (!query) return [];
  const rows = await db
    .select({ id: searchIndex.entityId })
    .from(searchIndex)
    .where(and(sql`search_index match ${`{title} : (${query})`}`, eq(searchIndex.kind, 'category'), ownText))
    .orderBy(rank, searchIndex.title)
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}
