// A translation's revisions (issue 29, decision 054): every save of a translation writes a revision naming its
// language (queries/translations.ts); the revisions API lists and reads them with `?language=`, and a restore saves
// the revision's text again through the translation's own save: the version check, one batch with the row, a new
// revision and the audit entry naming the language. The translation's state (draft or published) stays as it is:
// publishing goes through its own rules (ADMIN, or a request), never through a restore.
import * as z from 'zod/mini';
import { articleDocument } from '#schema/document-input';
import type { SessionUser } from '#schema/entities';
import type { ArticleTranslation, ChannelTranslation, NewsTranslation } from '#schema/translations';
import type { RevisionType } from '#schema/tables';
import type { Db } from '../env';
import type { AuditScope } from '../services/audit';
import type { ArticleRow } from './article-mappers';
import { listMediaRows } from './article-media';
import { assertPlacedMedia } from './article-writes';
import { articleForWrite } from './articles';
import { channelForWrite, type ChannelRow } from './channels';
import { newsForWrite, type NewsRow } from './news';
import { getRevision } from './revisions';
import { TRANSLATION_SPECS, updateTranslation, type TranslatedItem, type TranslationText } from './translations';

/** The article as its translations' writes see it. */
export const translatedArticle = (a: ArticleRow): TranslatedItem => ({
  id: a.id,
  title: a.title,
  ownerId: a.userId,
  language: a.language,
  public: a.published,
});
export const translatedChannel = (ch: ChannelRow): TranslatedItem => ({
  id: ch.id,
  title: ch.name,
  ownerId: ch.userId,
  language: ch.language,
  public: ch.published,
});
/** A news item is public from its publishedAt on; its writer publishes it (and so its translations). */
export const translatedNews = (n: NewsRow): TranslatedItem => ({
  id: n.id,
  title: n.title,
  ownerId: n.userId,
  language: n.language,
  public: n.publishedAt <= Date.now(),
});

/** The item of a revision's type, refused as its save would be (404 unseen, 403 someone else's). */
async function writableItem(db: Db, user: SessionUser, type: RevisionType, id: string): Promise<TranslatedItem> {
  if (type === 'article') return translatedArticle(await articleForWrite(db, user, id));
  if (type === 'channel') return translatedChannel(await channelForWrite(db, user, id));
  return translatedNews(await newsForWrite(db, user, id));
}

// What a translation's revision keeps (queries/translations.ts, revisionFields): its kind's text and its state.
const text = z.optional(z.string());
const REVISION_FIELDS = {
  article: z.object({
    title: text,
    teaser: text,
    description: text,
    body: z.optional(z.nullable(articleDocument)),
    mediaTitles: z.optional(z.record(z.string(), z.string())),
  }),
  channel: z.object({ name: text, infoText: text }),
  news: z.object({ title: text, teaser: text }),
} as const;

/**
 * Restores the translation's revision `revisionId` in `language` as its next save; 404 when it is not one of that
 * translation's, 409 when `expected` is not the translation's version (nothing written). Titles of media removed from
 * the article since are left out; a text placing such a medium is the save's 400.
 */
export async function restoreTranslationRevision(
  db: Db,
  user: SessionUser,
  type: RevisionType,
  id: string,
  revisionId: string,
  language: string,
  expected: number | undefined,
  audit: AuditScope,
): Promise<ArticleTranslation | ChannelTranslation | NewsTranslation> {
  const item = await writableItem(db, user, type, id);
  const { fields } = await getRevision(db, type, id, revisionId, language);
  const saved: TranslationText = { ...z.parse(REVISION_FIELDS[type], fields) };
  if (type === 'article') {
    // A translation without a formatted text keeps its plain description (a body would replace it).
    if (saved.body === null || saved.body === undefined) delete saved.body;
    else await assertPlacedMedia(db, id, saved.body as Parameters<typeof assertPlacedMedia>[2]);
    const own = new Set((await listMediaRows(db, id)).map((m) => m.id));
    const titles = (saved.mediaTitles ?? {}) as Record<string, string>;
    saved.mediaTitles = Object.fromEntries(Object.entries(titles).filter(([mediaId]) => own.has(mediaId)));
  }
  // A category has no revisions: the translation is one of these three kinds.
  return (await updateTranslation(
    db,
    TRANSLATION_SPECS[type],
    item,
    language,
    { version: expected, text: saved },
    user.id,
    audit,
  )) as ArticleTranslation | ChannelTranslation | NewsTranslation;
}
