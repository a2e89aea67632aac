// A translation's room (its language is not the article's own): the shared title, teaser and text read from and
// saved to the translation tables (getTranslation/updateTranslation), as the translation form's PUT saves them: the
// next version, a revision naming the language and crediting every author, an audit entry each, the outdated mark
// gone (docs/decisions/051).
import { updateArticleTranslationBody } from '#schema/translations';
import { documentFromText } from '#schema/document-text';
import type { ArticleRow } from '../queries/article-mappers';
import type { Db } from '../env';
import { HttpError } from '../lib/errors';
import { assertPlacedMedia } from '../queries/article-writes';
import { TRANSLATION_SPECS, getTranslation, updateTranslation } from '../queries/translations';
import type { AuditScope } from '../services/audit';
import type { SharedFields } from './lexical-yjs';
import type { CollabIdentity } from './rights';

export type RoomSaveResult =
  { saved: true; version: number } | { saved: false; reason: 'unchanged' | 'gone' | 'invalid' | 'conflict' };

const spec = TRANSLATION_SPECS.article;

/** The translation's shared fields and version; null when the article has none in `language`. */
export async function storedTranslation(
  db: Db,
  articleId: string,
  language: string,
): Promise<(SharedFields & { version: number }) | null> {
  try {
    const t = (await getTranslation(db, spec, articleId, language)) as unknown as {
      title: string;
      teaser: string;
      description: string;
      body: SharedFields['body'] | null;
      version: number;
    };
    return { title: t.title, teaser: t.teaser, body: t.body ?? documentFromText(t.description), version: t.version };
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Saves `fields` over the translation's current version, crediting `authors` (the first is the revision's user; each
 * of `scopes` is an author's audit scope). Not saved as saveRoom's: unchanged, gone, refused, or raced.
 */
export async function saveTranslationRoom(
  db: Db,
  row: ArticleRow,
  language: string,
  fields: SharedFields,
  authors: readonly CollabIdentity[],
  scopes: readonly AuditScope[],
): Promise<RoomSaveResult> {
  const current = await storedTranslation(db, row.id, language);
  if (!current || authors.length === 0) return { saved: false, reason: 'gone' };
  const parsed = updateArticleTranslationBody.safeParse({
    version: current.version,
    title: fields.title,
    teaser: fields.teaser,
    body: fields.body,
  });
  if (!parsed.success || !parsed.data.body) return { saved: false, reason: 'invalid' };
  const body = parsed.data.body;
  if (
    current.title === fields.title &&
    current.teaser === fields.teaser &&
    JSON.stringify(current.body) === JSON.stringify(body)
  )
    return { saved: false, reason: 'unchanged' };
  try {
    await assertPlacedMedia(db, row.id, body);
  } catch {
    return { saved: false, reason: 'invalid' };
  }
  const item = { id: row.id, title: row.title, ownerId: row.userId, language: row.language, public: row.published };
  try {
    const saved = await updateTranslation(
      db,
      spec,
      item,
      language,
      { version: current.version, text: { title: fields.title, teaser: fields.teaser, body } },
      authors[0]!.userId,
      scopes[0]!,
      scopes,
    );
    return { saved: true, version: saved.version };
  } catch (err) {
    if (err instanceof HttpError && err.status === 409) return { saved: false, reason: 'conflict' };
    if (err instanceof HttpError && err.status === 404) return { saved: false, reason: 'gone' };
    throw err;
  }
}
