// Translation writes (issue 29, docs/decisions/054-translations.md): create, read (as its editor sees it), save and
// delete one translation of an article, channel, category or news item. Each write is one D1 batch with its audit
// entry (naming the language) and, for the kinds that keep revisions, its revision (naming the language). The four
// translation tables share their shape but for the text columns, so one description per kind drives plain SQL.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { plainText } from '#schema/document-text';
import {
  articleTranslations,
  categoryTranslations,
  channelTranslations,
  newsTranslations,
  revisionAuthors,
  revisions,
} from '#schema/tables';
import type { Translation } from '#schema/translations';
import type { Db } from '../env';
import { Conflict, NotFound } from '../lib/errors';
import { iso } from '../services/db';
import { auditEntry, auditEntryWhen, changedFields, type AuditScope } from '../services/audit';
import { REVISIONS_KEPT, STALE_SAVE } from './revisions';
import type { SlugKind, Statement } from './slugs';
import {
  assertTranslationSlugFree,
  claimTranslationSlug,
  currentTranslationSlug,
  insertTranslationSlug,
  isTranslationSlugViolation,
  renameTranslationSlugStatements,
  translationSlugTaken,
} from './translation-slugs';

type Entity = 'article' | 'channel' | 'category' | 'news';

/** How one kind's translations are stored. */
export interface TranslationSpec {
  entity: Entity;
  table: string;
  /** The same table for drizzle's builders (D1's batch takes no raw statements with parameters). */
  drizzle:
    typeof articleTranslations | typeof channelTranslations | typeof categoryTranslations | typeof newsTranslations;
  /** The drizzle key of the column naming the item. */
  itemKey: string;
  /** The column naming the item. */
  itemColumn: string;
  items: string;
  /** The API's text fields and their columns; `json` columns hold JSON. The first is the title. */
  fields: readonly { name: string; column: string; json?: boolean; empty: unknown }[];
  slugged: boolean;
  /** Articles, channels and news keep revisions (decision 029); categories have none. */
  revisions: boolean;
}

export const TRANSLATION_SPECS: Record<Entity, TranslationSpec> = {
  article: {
    entity: 'article',
    drizzle: articleTranslations,
    itemKey: 'articleId',
    table: 'article_translations',
    itemColumn: 'article_id',
    items: 'articles',
    fields: [
      { name: 'title', column: 'title', empty: '' },
      { name: 'teaser', column: 'teaser', empty: '' },
      { name: 'description', column: 'description', empty: '' },
      { name: 'body', column: 'body', json: true, empty: null },
      { name: 'mediaTitles', column: 'media_titles', json: true, empty: {} },
    ],
    slugged: true,
    revisions: true,
  },
  channel: {
    entity: 'channel',
    drizzle: channelTranslations,
    itemKey: 'channelId',
    table: 'channel_translations',
    itemColumn: 'channel_id',
    items: 'channels',
    fields: [
      { name: 'name', column: 'name', empty: '' },
      { name: 'infoText', column: 'info_text', empty: '' },
    ],
    slugged: true,
    revisions: true,
  },
  category: {
    entity: 'category',
    drizzle: categoryTranslations,
    itemKey: 'categoryId',
    table: 'category_translations',
    itemColumn: 'category_id',
    items: 'categories',
    fields: [
      { name: 'title', column: 'title', empty: '' },
      { name: 'description', column: 'description', empty: '' },
    ],
    slugged: true,
    revisions: false,
  },
  news: {
    entity: 'news',
    drizzle: newsTranslations,
    itemKey: 'newsId',
    table: 'news_translations',
    itemColumn: 'news_id',
    items: 'news',
    fields: [
      { name: 'title', column: 'title', empty: '' },
      { name: 'teaser', column: 'teaser', empty: '' },
    ],
    slugged: false,
    revisions: true,
  },
};

/** The item a translation belongs to, as the writes need it. */
export interface TranslatedItem {
  id: string;
  /** Its title or name, for audit entries. */
  title: string;
  ownerId: string | null;
  /** Its own (source) language. */
  language: string;
  /** Whether it is public now: a translation may be published only then. */
  public: boolean;
}

/** The text fields of a save, by API name (`description` derived from `body` for articles). */
export type TranslationText = Record<string, unknown>;

export const TRANSLATION_NOT_FOUND = 'Translation not found';
export const TRANSLATION_EXISTS = 'A translation in this language exists already';
export const ITEM_NOT_PUBLIC =
  'The translation cannot be published while its item is not public; publish the item first';

const id = (name: string) => sql.identifier(name);
const slugEntity = (spec: TranslationSpec, itemId: string) => ({ id: itemId, kind: spec.entity as SlugKind });

type Row = Record<string, unknown>;

/** The stored translation with its item's text version; undefined when there is none. */
async function findRow(db: Db, spec: TranslationSpec, itemId: string, language: string): Promise<Row | undefined> {
  return db.get<Row>(sql`select t.*, i.text_version as item_text_version from ${id(spec.table)} t
    join ${id(spec.items)} i on i.id = t.${id(spec.itemColumn)}
    where t.${id(spec.itemColumn)} = ${itemId} and t.language = ${language}`);
}

function answer(spec: TranslationSpec, row: Row): Translation {
  const text: Row = {};
  for (const f of spec.fields) {
    const value = row[f.column];
    text[f.name] = f.json ? (typeof value === 'string' ? JSON.parse(value) : (value ?? f.empty)) : value;
  }
  return {
    itemId: row[spec.itemColumn] as string,
    language: row.language as string,
    slug: spec.slugged ? (row.slug as string) : null,
    ...text,
    state: row.published ? 'published' : 'draft',
    outdated: Number(row.item_text_version) > Number(row.source_text_version),
    version: Number(row.version),
    sourceTextVersion: Number(row.source_text_version),
    updatedAt: iso(Number(row.updated_at)),
  } as Translation;
}

/** The translation as its editor sees it (drafts included); 404 when the item has none in the language. */
export async function getTranslation(db: Db, spec: TranslationSpec, itemId: string, language: string) {
  const row = await findRow(db, spec, itemId, language);
  if (!row) throw new NotFound(TRANSLATION_NOT_FOUND);
  return answer(spec, row);
}

/** Fills in what a save derives: an article's plain `description` from its `body`. */
export function deriveText(spec: TranslationSpec, text: TranslationText): TranslationText {
  if (spec.entity !== 'article' || text.body === undefined) return text;
  const body = text.body as Parameters<typeof plainText>[0] | null;
  return { ...text, description: body ? plainText(body) : '' };
}

/** The revision of a translation's save (before its update raised the version) and the pruning of old ones. */
function revisionOf(
  db: Db,
  spec: TranslationSpec,
  itemId: string,
  language: string,
  version: SQL | number,
  fields: Row,
  userId: string,
  now: number,
  authorIds: readonly string[] = [],
): Statement[] {
  if (!spec.revisions) return [];
  const revisionId = crypto.randomUUID();
  // A co-editing room's save credits everyone who wrote in it (decision 051), two parameters a row, 40 rows a statement.
  const authors = [...new Set(authorIds)];
  const credits: Statement[] = [];
  for (let i = 0; i < authors.length; i += 40)
    credits.push(db.insert(revisionAuthors).values(authors.slice(i, i + 40).map((u) => ({ revisionId, userId: u }))));
  return [
    db.insert(revisions).values({
      id: revisionId,
      entityType: spec.entity as 'article' | 'channel' | 'news',
      entityId: itemId,
      version,
      userId,
      fields,
      createdAt: now,
      language,
    }),
    ...credits,
    // The translation's own bound of kept revisions (the item's do not count against it).
    db.delete(revisions).where(
      and(
        eq(revisions.entityId, itemId),
        eq(revisions.language, language),
        sql`${revisions.id} not in (select id from ${revisions} where entity_id = ${itemId} and language = ${language}
          order by created_at desc, version desc limit ${REVISIONS_KEPT})`,
      ),
    ),
  ];
}

/** Runs a translation's batch: a lost race becomes 409 (stale version, taken slug, existing translation). */
async function runBatch(db: Db, spec: TranslationSpec, batch: Statement[]): Promise<void> {
  try {
    await db.batch(batch as [Statement, ...Statement[]]);
  } catch (e) {
    const message = `${(e as Error)?.message ?? e} ${(e as Error)?.cause instanceof Error ? ((e as Error).cause as Error).message : ''}`;
    if (message.includes(`NOT NULL constraint failed: ${spec.table}.version`) || message.includes('revisions.version'))
      throw new Conflict(STALE_SAVE);
    if (isTranslationSlugViolation(message)) throw translationSlugTaken();
    if (message.includes(`UNIQUE constraint failed: ${spec.table}.${spec.itemColumn}`))
      throw new Conflict(TRANSLATION_EXISTS);
    throw e;
  }
}

const subject = (spec: TranslationSpec, item: TranslatedItem, title: string, language: string) => ({
  entityType: spec.entity,
  entityId: item.id,
  title,
  ownerId: item.ownerId,
  language,
});

export interface NewTranslation {
  language: string;
  text: TranslationText;
  slug?: string | undefined;
  published: boolean;
}

/** Creates the translation (409 when one exists in the language), its slug, revision and audit entries. */
export async function createTranslation(
  db: Db,
  spec: TranslationSpec,
  item: TranslatedItem,
  input: NewTranslation,
  userId: string,
  audit: AuditScope,
): Promise<Translation> {
  const { language } = input;
  if (await findRow(db, spec, item.id, language)) throw new Conflict(TRANSLATION_EXISTS);
  if (input.published && !item.public) throw new Conflict(ITEM_NOT_PUBLIC);
  const text = deriveText(spec, input.text);
  const title = String(text[spec.fields[0]!.name]);
  const entity = slugEntity(spec, item.id);
  const batch: Statement[] = [];
  if (spec.slugged) {
    if (input.slug !== undefined) {
      await assertTranslationSlugFree(db, language, input.slug, entity);
      batch.push(insertTranslationSlug(db, input.slug, entity, language));
    } else {
      batch.push(claimTranslationSlug(db, title, entity, language));
    }
  }
  const now = Date.now();
  const values: Row = {
    [spec.itemKey]: item.id,
    language,
    ...(spec.slugged ? { slug: currentTranslationSlug(entity, language) } : {}),
    published: input.published,
    sourceTextVersion: sql`(select text_version from ${id(spec.items)} where id = ${item.id})`,
    version: 1,
    userId,
    createdAt: now,
    updatedAt: now,
  };
  for (const f of spec.fields) values[f.name] = text[f.name] ?? f.empty;
  batch.push(
    db.insert(spec.drizzle as typeof newsTranslations).values(values as never),
    ...revisionOf(db, spec, item.id, language, 1, revisionFields(spec, text, input.published), userId, now),
    auditEntry(db, audit, { ...subject(spec, item, title, language), action: 'created' }, now),
  );
  if (input.published)
    batch.push(auditEntry(db, audit, { ...subject(spec, item, title, language), action: 'published' }, now));
  await runBatch(db, spec, batch);
  return getTranslation(db, spec, item.id, language);
}

/** What a revision of a translation keeps: its text and state. */
function revisionFields(spec: TranslationSpec, text: TranslationText, published: boolean): Row {
  const fields: Row = {};
  for (const f of spec.fields) fields[f.name] = text[f.name] ?? f.empty;
  return { ...fields, published };
}

export interface TranslationChanges {
  /** The version the save started from; 409 when the translation moved on. */
  version?: number | undefined;
  text: TranslationText;
  slug?: string | undefined;
  published?: boolean | undefined;
}

/**
 * Saves the translation: its next version, `source_text_version` = the item's text version now (the outdated mark
 * goes), a new slug keeping the old one, a revision and the audit entries; 409 with nothing written when another save
 * raised the version since it was read (or since `version`). `authors` (a co-editing room's save, decision 051): the
 * revision credits each of them and each gets their own audit entries, as `updateArticle` does.
 */
export async function updateTranslation(
  db: Db,
  spec: TranslationSpec,
  item: TranslatedItem,
  language: string,
  changes: TranslationChanges,
  userId: string,
  audit: AuditScope,
  authors?: readonly AuditScope[],
): Promise<Translation> {
  const row = await findRow(db, spec, item.id, language);
  if (!row) throw new NotFound(TRANSLATION_NOT_FOUND);
  const before = answer(spec, row) as unknown as Row;
  const current = Number(row.version);
  if (changes.version !== undefined && changes.version !== current) throw new Conflict(STALE_SAVE);
  const wasPublished = !!row.published;
  const published = changes.published ?? wasPublished;
  if (published && !wasPublished && !item.public) throw new Conflict(ITEM_NOT_PUBLIC);
  const text = deriveText(spec, changes.text);
  const saved: Row = { ...before, ...Object.fromEntries(Object.entries(text).filter(([, v]) => v !== undefined)) };
  const entity = slugEntity(spec, item.id);
  const newSlug =
    spec.slugged && changes.slug !== undefined && changes.slug !== row.slug
      ? (await assertTranslationSlugFree(db, language, changes.slug, entity), changes.slug)
      : undefined;
  const now = Date.now();
  const sets: Row = {};
  for (const f of spec.fields) if (text[f.name] !== undefined) sets[f.name] = text[f.name];
  if (newSlug) sets.slug = newSlug;
  const where = sql`${id(spec.itemColumn)} = ${item.id} and language = ${language}`;
  const title = String(saved[spec.fields[0]!.name]);
  const fields = changedFields(before, { ...text, slug: newSlug }).filter((f) => f !== 'description' || !text.body);
  const batch: Statement[] = [
    // A version another save raised meanwhile makes the new one NULL: the NOT NULL fails the whole batch.
    db
      .update(spec.drizzle as typeof newsTranslations)
      .set({
        ...sets,
        version: sql`(select version + 1 from ${id(spec.table)} where ${where} and version = ${current})`,
        published,
        sourceTextVersion: sql`(select text_version from ${id(spec.items)} where id = ${item.id})`,
        updatedAt: now,
      })
      .where(where),
    ...(newSlug ? renameTranslationSlugStatements(db, entity, language, newSlug) : []),
    // After the update: NULL (so 409) when the translation went meanwhile.
    ...revisionOf(
      db,
      spec,
      item.id,
      language,
      sql`(select version from ${id(spec.table)} where ${where} and version = ${current + 1})`,
      revisionFields(spec, saved, published),
      userId,
      now,
      authors?.flatMap((a) => (a.actor.userId ? [a.actor.userId] : [])),
    ),
  ];
  const about = subject(spec, item, title, language);
  for (const scope of authors ?? [audit]) {
    if (fields.length) batch.push(auditEntry(db, scope, { ...about, action: 'updated', fields }, now));
    if (published !== wasPublished)
      batch.push(auditEntry(db, scope, { ...about, action: published ? 'published' : 'unpublished' }, now));
  }
  await runBatch(db, spec, batch);
  return getTranslation(db, spec, item.id, language);
}

/** Deletes the translation with its slugs (a trigger) and revisions; the item stays. 404 when there is none. */
export async function deleteTranslation(
  db: Db,
  spec: TranslationSpec,
  item: TranslatedItem,
  language: string,
  audit: AuditScope,
): Promise<void> {
  const row = await findRow(db, spec, item.id, language);
  if (!row) throw new NotFound(TRANSLATION_NOT_FOUND);
  const where = sql`${id(spec.itemColumn)} = ${item.id} and language = ${language}`;
  const title = String(row[spec.fields[0]!.column]);
  await db.batch([
    auditEntryWhen(
      db,
      audit,
      { ...subject(spec, item, title, language), action: 'deleted' },
      sql`exists (select 1 from ${id(spec.table)} where ${where})`,
    ),
    db.delete(revisions).where(and(eq(revisions.entityId, item.id), eq(revisions.language, language))),
    db.delete(spec.drizzle as typeof newsTranslations).where(where),
  ]);
}
