// Full-text search over articles, channels and categories with the FTS5 table `search_index`
// (migrations/0001_search.sql keeps it in step with the tables by triggers).
import { and, eq, or, sql } from 'drizzle-orm';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { SearchItem } from '#schema/entities';
import { articles, categories, channels } from '#schema/tables';
import type { Db } from '../env';
import { fileHref } from '../lib/files';
import { articleThumbnailKey } from './article-mappers';
import { articleVisibleWhere, channelVisibleWhere, type Viewer } from '../lib/visibility';

/** The FTS5 virtual table, declared here only for queries: drizzle-kit must not manage it. */
export const searchIndex = sqliteTable('search_index', {
  kind: text('kind', { enum: ['article', 'channel', 'category'] }).notNull(),
  entityId: text('entity_id').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
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

/** bm25 with the title weighted over the body; kind and entity_id are not indexed. Lower is better. */
const rank = sql<number>`bm25(search_index, 0.0, 0.0, 10.0, 1.0)`;
const matches = (query: string) => sql`search_index match ${query}`;

/** Articles, channels and categories matching the text that the viewer may see in lists, best first. */
export async function searchEverything(
  db: Db,
  viewer: Viewer,
  text: string,
  limit = SEARCH_LIMIT,
): Promise<SearchItem[]> {
  const query = ftsQuery(text);
  if (!query) return [];
  const rows = await db
    .select({
      kind: searchIndex.kind,
      entityId: searchIndex.entityId,
      label: searchIndex.title,
      articleThumb: articleThumbnailKey,
      channelThumb: channels.portraitKey,
      categoryThumb: categories.imageKey,
      // A line of context under the title: the article's teaser or the channel's info text (never the body of
      // the index, which holds restricted descriptions), cut here so a long text costs nothing on the wire.
      context: sql<
        string | null
      >`nullif(trim(substr(coalesce(${articles.teaser}, ${channels.infoText}, ''), 1, ${CONTEXT_CHARS})), '')`,
    })
    .from(searchIndex)
    .leftJoin(articles, and(eq(searchIndex.kind, 'article'), eq(articles.id, searchIndex.entityId)))
    .leftJoin(channels, and(eq(searchIndex.kind, 'channel'), eq(channels.id, searchIndex.entityId)))
    .leftJoin(categories, and(eq(searchIndex.kind, 'category'), eq(categories.id, searchIndex.entityId)))
    .where(
      and(
        matches(query),
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
  }));
}

/** Ids of the categories whose title matches the text, best first. */
export async function searchCategoryIds(db: Db, text: string, limit = SEARCH_LIMIT): Promise<string[]> {
  const query = ftsQuery(text);
  if (!query) return [];
  const rows = await db
    .select({ id: searchIndex.entityId })
    .from(searchIndex)
    .where(and(matches(`{title} : (${query})`), eq(searchIndex.kind, 'category')))
    .orderBy(rank, searchIndex.title)
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}
