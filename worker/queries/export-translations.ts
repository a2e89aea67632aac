// The translations of one page of the export (decisions 036, 054): every translation of the page's items, drafts
// included, with its current and old slugs and its author. One query per page, on the translation table's primary key
// as an index range (the page's first and last id, two parameters whatever the page's size, far under D1's 100), so
// memory holds the page and its translations and nothing more. A translation is never read without its item: an
// editor's export reads only the translations of their own items.
import { sql, type SQL } from 'drizzle-orm';
import type {
  ExportArticleTranslation,
  ExportCategoryTranslation,
  ExportChannelTranslation,
  ExportNewsTranslation,
} from '#schema/export';
import type { ArticleDocument } from '#schema/document';
import type { Db } from '../env';
import { iso } from '../services/db';

export type TranslatedKind = 'article' | 'channel' | 'category' | 'news';

/** Each kind's translation table, its item column, its item table and the text columns it has. */
const TABLES: Record<TranslatedKind, { table: string; item: string; items: string; text: string }> = {
  article: {
    table: 'article_translations',
    item: 'article_id',
    items: 'articles',
    text: 't.slug, t.title, t.teaser, t.description, t.body, t.media_titles',
  },
  channel: {
    table: 'channel_translations',
    item: 'channel_id',
    items: 'channels',
    text: 't.slug, t.name, t.info_text',
  },
  category: {
    table: 'category_translations',
    item: 'category_id',
    items: 'categories',
    text: 't.slug, t.title, t.description',
  },
  news: { table: 'news_translations', item: 'news_id', items: 'news', text: 't.title, t.teaser' },
};

interface Row {
  item_id: string;
  language: string;
  slug?: string;
  title?: string;
  name?: string;
  teaser?: string;
  description?: string;
  info_text?: string;
  body?: string | null;
  media_titles?: string;
  published: number;
  source_text_version: number;
  version: number;
  user_id: string | null;
  user_name: string | null;
  created_at: number;
  updated_at: number;
  old_slugs: string | null;
}

/**
 * The read of the translations of items `first`..`last` (the page's ids), each with its old slugs as a JSON array;
 * `ownerId` keeps an editor's export to their own items (categories have no owner: the caller keeps the page's).
 */
export function translationsPageSql(kind: TranslatedKind, ownerId: string | null, first: string, last: string): SQL {
  const t = TABLES[kind];
  const mine =
    ownerId && kind !== 'category'
      ? sql`and exists (select 1 from ${sql.raw(t.items)} i where i.id = t.${sql.raw(t.item)} and i.user_id = ${ownerId})`
      : sql``;
  const oldSlugs: SQL =
    kind === 'news'
      ? sql`null`
      : sql`(select json_group_array(s.slug) from translation_slugs s where s.entity_id = t.${sql.raw(t.item)}
          and s.language = t.language and s.entity_kind = ${kind} and s.current = 0)`;
  return sql`select t.${sql.raw(t.item)} as item_id, t.language, ${sql.raw(t.text)}, t.published,
      t.source_text_version, t.version, t.user_id, u.name as user_name, t.created_at, t.updated_at,
      ${oldSlugs} as old_slugs
    from ${sql.raw(t.table)} t left join users u on u.id = t.user_id
    where t.${sql.raw(t.item)} >= ${first} and t.${sql.raw(t.item)} <= ${last} ${mine}
    order by t.${sql.raw(t.item)}, t.language`;
}

function state(r: Row) {
  return {
    language: r.language,
    published: r.published === 1,
    sourceTextVersion: r.source_text_version,
    version: r.version,
    userId: r.user_name === null ? null : r.user_id,
    userName: r.user_name,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

const slugsOf = (r: Row) => ({ slug: r.slug!, oldSlugs: (JSON.parse(r.old_slugs ?? '[]') as string[]).sort() });

const RECORD = {
  article: (r: Row): ExportArticleTranslation => ({
    ...state(r),
    ...slugsOf(r),
    title: r.title!,
    teaser: r.teaser!,
    description: r.description!,
    body: r.body ? (JSON.parse(r.body) as ArticleDocument) : null,
    mediaTitles: JSON.parse(r.media_titles ?? '{}') as Record<string, string>,
  }),
  channel: (r: Row): ExportChannelTranslation => ({
    ...state(r),
    ...slugsOf(r),
    name: r.name!,
    infoText: r.info_text!,
  }),
  category: (r: Row): ExportCategoryTranslation => ({
    ...state(r),
    ...slugsOf(r),
    title: r.title!,
    description: r.description!,
  }),
  news: (r: Row): ExportNewsTranslation => ({ ...state(r), title: r.title!, teaser: r.teaser! }),
};

type RecordOf<K extends TranslatedKind> = ReturnType<(typeof RECORD)[K]>;

/** The translations of a page of items, by item id (an item without any has none in the map). */
export async function pageTranslations<K extends TranslatedKind>(
  db: Db,
  kind: K,
  ownerId: string | null,
  ids: readonly string[],
): Promise<Map<string, RecordOf<K>[]>> {
  const out = new Map<string, RecordOf<K>[]>();
  if (ids.length === 0) return out;
  const page = new Set(ids);
  const toRecord = RECORD[kind] as (r: Row) => RecordOf<K>;
  for (const row of await db.all<Row>(translationsPageSql(kind, ownerId, ids[0]!, ids.at(-1)!))) {
    if (!page.has(row.item_id)) continue;
    const list = out.get(row.item_id) ?? [];
    list.push(toRecord(row));
    out.set(row.item_id, list);
  }
  return out;
}
