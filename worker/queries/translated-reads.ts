// The read side of translations (issue 29, docs/decisions/056-translated-reads-and-search.md): an item's
// translations as its entity lists them, the text of the request's language laid over the source's, and the slugs of
// translations. Each read here is one statement that joins its caller's batch, so a translated read costs no round
// trip more than today's.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TranslationState } from '#schema/entities';
import { languagesOf, type Language } from '#schema/languages';
import { cacheSlug, resolveIdOrSlug, resolveSlug } from './slugs';
import { NotFound } from '../lib/errors';
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
): {
  overlay: TranslationRead | undefined;
  language: string;
  sourceLanguage: string;
  translations: TranslationState[];
} {
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

/** The KV key of a translation's slug: `slug:de-DE:article:strasse` (the source's are `slug:{slug}`). */
export const translationSlugKey = (language: string, kind: string, slug: string) => `slug:${language}:${kind}:${slug}`;
const SLUG_TTL_SECONDS = 24 * 3600;

/** Drops a translation slug's KV copy: the write side calls this after renaming or deleting a translation. */
export async function forgetTranslationSlug(kv: KVNamespace, language: string, kind: string, slug: string) {
  await kv.delete(translationSlugKey(language, kind, slug));
}

/** A translation's slugs in its language, current and old (the KV copies `forgetTranslationSlugs` drops). */
export async function translationSlugsOf(db: Db, kind: string, id: string, language: string): Promise<string[]> {
  const rows = await db.$client
    .prepare('select slug from translation_slugs where entity_id = ?1 and entity_kind = ?2 and language = ?3')
    .bind(id, kind, language)
    .all<{ slug: string }>();
  return rows.results.map((r) => r.slug);
}

/**
 * Drops the KV copies of all of a translation's slugs, old ones too: after a save (it may have gone back to draft)
 * and a deletion, none of them may keep naming the item to a visitor (decision 054).
 */
export async function forgetTranslationSlugs(kv: KVNamespace, language: string, kind: string, slugs: string[]) {
  await Promise.all(slugs.map((slug) => forgetTranslationSlug(kv, language, kind, slug)));
}

/** A language's slug cached as no translation's: the item's own slug, looked up as the source's (its own KV copy). */
const SOURCE_SLUG = '=';

/** Who may reach a draft translation by its slug: an ADMIN, and the owner of the article or channel (decision 054). */
const DRAFT_READER = {
  article: 'exists (select 1 from articles i where i.id = ts.entity_id and i.user_id = ?5)',
  channel: 'exists (select 1 from channels i where i.id = ts.entity_id and i.user_id = ?5)',
  category: '0',
} as const;

/**
 * The item a slug names in `language` (a language other than the default): a translation's slug of that kind
 * (current or old: old ones answer as today's old slugs do, the entity with its current slug) first, else the item's
 * own slug (the source's, as `/de/article/{english-slug}` asks), else null. A draft translation's slugs name nothing
 * to a viewer who may not edit it (a visitor's 404 is an unknown slug's: decision 054); its owner and an ADMIN
 * (categories: an ADMIN) reach the item by them. Read through KV (`slug:{language}:{kind}:{slug}`: the item's id,
 * or SOURCE_SLUG for a source slug, which then reads the source's own copy; only a published translation's slug is
 * kept, and a translation's save and deletion forget all its slugs), and on a miss in ONE statement over both slug
 * tables, so a German address costs the D1 round trips of an English one, whichever slug it names (decision 056).
 */
export async function resolveSlugInLanguage(
  db: Db,
  kv: KVNamespace,
  language: Language,
  slug: string,
  kind: 'article' | 'channel' | 'category',
  viewer: Viewer = null,
): Promise<string | null> {
  const key = translationSlugKey(language.tag, kind, slug);
  if (new TextEncoder().encode(key).length > 512) return null; // KV's key limit; no slug is that long
  const cached = await kv.get(key);
  if (cached === SOURCE_SLUG) return resolveSlug(db, kv, slug);
  if (cached) return cached;
  const k = KINDS[kind];
  const row = await db.$client
    .prepare(
      `select ts.entity_id, 1 as translated, t.published from translation_slugs ts
         join ${k.table} t on t.${k.key} = ts.entity_id and t.language = ts.language
       where ts.language = ?1 and ts.slug = ?2 and ts.entity_kind = ?3
         and (t.published = 1 or ?4 = 1 or (?5 is not null and ${DRAFT_READER[kind]}))
       union all select entity_id, 0, 1 from slugs where slug = ?2
       order by translated desc limit 1`,
    )
    .bind(language.tag, slug, kind, viewer?.role === 'ADMIN' ? 1 : 0, viewer?.id ?? null)
    .first<{ entity_id: string; translated: number; published: number }>();
  if (!row) return null;
  // A draft's slug found for its editor is not kept: a visitor's look-up must not find it in KV.
  if (row.translated && !row.published) return row.entity_id;
  if (row.translated) await kv.put(key, row.entity_id, { expirationTtl: SLUG_TTL_SECONDS });
  else
    await Promise.all([
      kv.put(key, SOURCE_SLUG, { expirationTtl: SLUG_TTL_SECONDS }),
      cacheSlug(kv, slug, row.entity_id),
    ]);
  return row.entity_id;
}

/**
 * An item's translations as one JSON column of the statement that reads the item (`item` names its table or alias
 * in that statement): no statement more at all. `language` is a bound value or placeholder; only its text is read.
 */
export function translationsColumn(kind: TranslatedKind, item: string, language: SQL | Placeholder | string) {
  const k = KINDS[kind];
  const [slug, title, teaser, description] = k.text.split(', ');
  const only = (expr: string) =>
    expr === 'null' ? sql.raw('null') : sql`case when t.language = ${language} then ${sql.raw(expr)} end`;
  return sql<string>`(select json_group_array(json_object('language', t.language, 'slug', ${sql.raw(slug!)},
    'published', t.published, 'outdated', t.source_text_version < ${sql.raw(`"${item}"."text_version"`)},
    'title', ${only(title!)}, 'teaser', ${only(teaser!)}, 'description', ${only(description!)}))
    from ${sql.raw(k.table)} t where t.${sql.raw(k.key)} = ${sql.raw(`"${item}"."id"`)})`;
}

/** The rows of `translationsColumn`'s JSON. */
export function translationsFromJson(text: string | null | undefined): TranslationRead[] {
  const parsed = parsedJson<Raw[]>(text ?? null) ?? [];
  return parsed
    .map((r) => toRead({ ...r, body: null, mediaTitles: null }))
    .sort((a, b) => (a.language < b.language ? -1 : 1));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `resolveIdOrSlug` in a language: in any but the default, a translation's slug (current or old) of that kind first
 * (a draft's only for who may edit it), then the item's own slug (`resolveSlugInLanguage`); a uuid passes through
 * without a look-up.
 */
export async function resolveIdOrSlugIn(
  c: {
    env: { KV: KVNamespace; LANGUAGES?: string };
    var: { db: Db; language: Language | undefined; user?: Viewer | undefined };
  },
  idOrSlug: string,
  kind: 'article' | 'channel' | 'category',
  notFoundMessage: string,
): Promise<string> {
  const language = c.var.language;
  if (language && language.tag !== languagesOf(c.env.LANGUAGES).default.tag && !UUID.test(idOrSlug)) {
    const found = await resolveSlugInLanguage(c.var.db, c.env.KV, language, idOrSlug, kind, c.var.user ?? null);
    if (!found) throw new NotFound(notFoundMessage);
    return found;
  }
  return resolveIdOrSlug(c.var.db, c.env.KV, idOrSlug, notFoundMessage);
}

/** A list row's text in the reader's language (`listTranslation`'s JSON): a published translation's. */
export interface ListTranslation {
  language: string;
  slug: string | null;
  title: string;
  text: string;
}

/**
 * A list row's text in `language` (decision 056), as one JSON column of the list's own statement: the published
 * translation of that language while the item is public (`isPublic`, SQL over the item's table `item`) and the
 * language is not the item's own, else null (the row keeps its source text). One correlated look-up of the
 * translation table's primary key per row, so a list in German costs the statements and round trips of the English
 * one. `language` is a bound value or a reusable statement's placeholder.
 */
export function listTranslation(
  kind: Exclude<TranslatedKind, 'article'>,
  item: string,
  language: SQL | Placeholder | string,
  isPublic: SQL,
) {
  const k = KINDS[kind];
  const [slug, title, teaser, description] = k.text.split(', ');
  const text = teaser === 'null' ? description! : teaser!;
  return sql<string | null>`(select json_object('language', t.language, 'slug', ${sql.raw(slug!)},
    'title', ${sql.raw(title!)}, 'text', ${sql.raw(text)})
    from ${sql.raw(k.table)} t where t.${sql.raw(k.key)} = ${sql.raw(`"${item}"."id"`)} and t.language = ${language}
      and t.published = 1 and t.language <> ${sql.raw(`"${item}"."language"`)} and ${isPublic})`;
}

/** The row of `listTranslation`'s JSON, or undefined. */
export const listTranslationOf = (text: string | null | undefined) => parsedJson<ListTranslation>(text ?? null);
