// Publication requests for translations (issue 29, decision 054): a request may name `languages` instead of the
// item itself. It asks for those translations of a public article or channel; ADMIN's approval publishes them in
// the approval's batch, and leaving APPROVED takes them back to draft. The item's own state is never touched.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { articles, articleTranslations, channels, channelTranslations, type ContentType } from '#schema/tables';
import type { Db } from '../env';
import { BadRequest, Conflict, InvalidInput, issue } from '../lib/errors';
import { auditEntryWhen, type AuditScope, type ContentSubject } from '../services/audit';
import { ITEM_NOT_PUBLIC } from './translations';

const tables = {
  article: { translations: articleTranslations, itemId: articleTranslations.articleId, items: articles },
  channel: { translations: channelTranslations, itemId: channelTranslations.channelId, items: channels },
} as const;

/**
 * Checks a request for translations before it is stored: the item public (409: a translation cannot go public
 * before it), no start or expiry (those move the item itself), each language a translation of the item (400 naming
 * `languages.{i}`), and at least one of them still a draft (409).
 */
export async function assertTranslationRequest(
  db: Db,
  type: ContentType,
  content: { published: boolean; language: string },
  contentId: string,
  languages: readonly string[],
  input: { expirationDate?: string | null | undefined; publishAt?: string | null | undefined },
): Promise<void> {
  if (input.expirationDate || input.publishAt)
    throw new BadRequest('A request for translations has no start or expiry date: they follow the item');
  const t = tables[type];
  const rows = await db
    .select({ language: t.translations.language, published: t.translations.published })
    .from(t.translations)
    .where(and(eq(t.itemId, contentId), inArray(t.translations.language, [...languages])))
    .all();
  const missing = languages.flatMap((language, i) =>
    rows.some((r) => r.language === language)
      ? []
      : [issue(['languages', i], 'translation_missing', `This ${type} has no translation in ${language}`)],
  );
  if (missing.length) throw new InvalidInput(missing);
  if (!content.published) throw new Conflict(ITEM_NOT_PUBLIC);
  if (rows.every((r) => r.published)) throw new Conflict('These translations are published already');
}

/** Sets the named translations' state, only while `when` holds (and, to publish, while the item is published). */
export function setTranslationsPublished(
  db: Db,
  type: ContentType,
  contentId: string,
  languages: readonly string[],
  published: boolean,
  now: number,
  when: SQL,
): BatchItem<'sqlite'> {
  const t = tables[type];
  const itemPublic = sql`exists (select 1 from ${t.items} where ${t.items.id} = ${contentId} and ${t.items.published} = 1)`;
  return db
    .update(t.translations)
    .set({ published, updatedAt: now })
    .where(
      and(
        eq(t.itemId, contentId),
        inArray(t.translations.language, [...languages]),
        when,
        published ? itemPublic : undefined,
      ),
    );
}

/** The `published` or `unpublished` entry of each named translation whose state really flips, before the flip. */
export function translationStateEntries(
  db: Db,
  audit: AuditScope,
  subject: ContentSubject,
  type: ContentType,
  languages: readonly string[],
  published: boolean,
  now: number,
  when: SQL,
): BatchItem<'sqlite'>[] {
  const t = tables[type];
  return languages.map((language) =>
    auditEntryWhen(
      db,
      audit,
      { ...subject, action: published ? 'published' : 'unpublished', language },
      sql`${when} and exists (select 1 from ${t.translations} where ${t.itemId} = ${subject.entityId}
        and ${t.translations.language} = ${language} and ${t.translations.published} = ${published ? 0 : 1})
        ${published ? sql`and exists (select 1 from ${t.items} where ${t.items.id} = ${subject.entityId} and ${t.items.published} = 1)` : sql``}`,
      now,
    ),
  );
}
