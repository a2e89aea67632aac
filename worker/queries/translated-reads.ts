// The read side of translations (issue 29, docs/decisions/056-translated-reads-and-search.md): an item's
// translations as its entity lists them, the text of the request's language laid over the source's, and the slugs of
// translations. Each read here is one statement that joins its caller's batch, so a translated read costs no round
// trip more than today's.
import type { TranslationState } from '#schema/entities';
import type { Language } from '#schema/languages';
import type { Db } from '../env';
import type { Bound } from '../lib/statements';
import type { Viewer } from '../lib/visibility';

/** A translation row as the entity reads it; the text columns only for the request's language, else null. */
export interface TranslationRead {
  language: string;
  slug: string | null;
  published: boolean;
  outdated: boolean;
  title: string | null;
  teaser: string | null;
  description: string | null;
  body: string | null;
  mediaTitles: string | null;
}

const COLUMNS = ['language', 'slug', 'published', 'outdated', 'title', 'teaser', 'description', 'body', 'mediaTitles'];

type Raw = Record<string, unknown>;
const toRead = (r: Raw): TranslationRead => ({
  language: String(r.language),
  slug: (r.slug as string | null) ?? null,
  published: r.published === 1 || r.published === true,
  outdated: r.outdated === 1 || r.outdated === true,
  title: (r.title as string | null) ?? null,
  teaser: (r.teaser as string | null) ?? null,
  description: (r.description as string | null) ?? null,
  body: (r.body as string | null) ?? null,
  mediaTitles: (r.mediaTitles as string | null) ?? null,
});

/** The translated text of each kind, as SQL over its table `t` (null where the kind has no such text). */
const KINDS = {
  article: {
    table: 'article_translations',
    key: 'article_id',
    item: 'articles',
    text: 't.slug, t.title, t.teaser, t.description, t.body, t.media_titles',
  },
  channel: {
    table: 'channel_translations',
    key: 'channel_id',
    item: 'channels',
    text: 't.slug, t.name, null, t.info_text, null, null',
  },
  category: {
    table: 'category_translations',
    key: 'category_id',
    item: 'categories',
    text: 't.slug, t.title, null, t.description, null, null',
  },
  news: { table: 'news_translations', key: 'news_id', item: 'news', text: 'null, t.title, t.teaser, null, null, null' },
} as const;
export type TranslatedKind = keyof typeof KINDS;

const sqlOf = (kind: TranslatedKind) => {
  const k = KINDS[kind];
  const [slug, title, teaser, description, body, media] = k.text.split(', ');
  const only = (expr: string) => (expr === 'null' ? 'null' : `case when t.language = ?2 then ${expr} end`);
  return `select t.language as language, ${slug} as slug, t.published as published,
    t.source_text_version < i.text_version as outdated, ${only(title!)} as title, ${only(teaser!)} as teaser,
    ${only(description!)} as description, ${only(body!)} as body, ${only(media!)} as mediaTitles
    from ${k.table} t join ${k.item} i on i.id = t.${k.key} where t.${k.key} = ?1 order by t.language`;
};

/**
 * The statement reading an item's translations (every language's state, the text of `language` only): one more
 * statement for the caller's batch.
 */
export function itemTranslations(db: Db, kind: TranslatedKind, id: string, language: Language): Bound<TranslationRead> {
  return {
    statement: db.$client.prepare(sqlOf(kind)).bind(id, language.tag),
    fromBatch: (result) => (result.results as Raw[]).map(toRead),
    fromRaw: (rows) => rows.map((row) => toRead(Object.fromEntries(COLUMNS.map((c, i) => [c, row[i]])))),
  };
}

/** Whether the viewer may edit the item (and so sees its draft translations): its owner, or an ADMIN. */
export const mayEdit = (viewer: Viewer, ownerId: string | null | undefined) =>
  !!viewer && (viewer.role === 'ADMIN' || viewer.id === ownerId);

/**
 * What an entity says of its language: the translation of `language` to lay over the source (only a published one of
 * a public item), the language of the answer's text, and the translations the viewer may know of.
 */
export function translatedView(
  rows: readonly TranslationRead[],
  language: Language | undefined,
  item: { language: string; isPublic: boolean; editable: boolean },
): { overlay: TranslationRead | undefined; language: string; sourceLanguage: string; translations: TranslationState[] } {
  const overlay =
    language && item.isPublic && language.tag !== item.language
      ? rows.find((r) => r.language === language.tag && r.published)
      : undefined;
  return {
    overlay,
    language: overlay ? overlay.language : item.language,
    sourceLanguage: item.language,
    translations: rows
      .filter((r) => r.published || item.editable)
      .map((r) => ({
        language: r.language,
        slug: r.slug,
        state: r.published ? 'published' : 'draft',
        outdated: r.outdated,
      })),
  };
}

/** JSON text of a translation (body, media titles), or undefined when absent or unreadable. */
export function parsedJson<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * The item a translation's slug names in `language` (current or old: old ones answer as today's old slugs do, the
 * entity with its current slug), or null. Only for a language other than the default: the default's slugs are the
 * items' own.
 */
export async function resolveTranslationSlug(
  db: Db,
  language: Language,
  slug: string,
  kind: 'article' | 'channel' | 'category',
): Promise<string | null> {
  const row = await db.$client
    .prepare('select entity_id from translation_slugs where language = ?1 and slug = ?2 and entity_kind = ?3')
    .bind(language.tag, slug, kind)
    .first<{ entity_id: string }>();
  return row?.entity_id ?? null;
}
