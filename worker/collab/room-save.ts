// A room's write to D1: the shared fields saved as an ordinary article save (revision, version, audit entries,
// webhooks), crediting everyone who wrote since the last one (docs/decisions/051). A translation's room (its
// language is not the article's own) reads and saves the translation tables instead (room-translation.ts).
import { eq } from 'drizzle-orm';
import { articles } from '#schema/tables';
import { updateArticleBody } from '#schema/requests';
import type { Env } from '../env';
import { createDb } from '../services/db';
import { assertPlacedMedia, textChanges, updateArticle } from '../queries/article-writes';
import { documentFromText } from '#schema/document-text';
import type { AuditScope } from '../services/audit';
import { enqueueAuditDeliveries } from '../services/webhooks';
import type { CollabIdentity } from './rights';
import type { SharedFields } from './lexical-yjs';
import { saveTranslationRoom, storedTranslation, type RoomSaveResult } from './room-translation';

/** The shared fields and version of the room's document as D1 holds them; null when it is gone. */
export async function storedFields(
  env: Env,
  articleId: string,
  language: string,
): Promise<(SharedFields & { version: number }) | null> {
  const db = createDb(env.DB);
  const row = await db
    .select({
      language: articles.language,
      title: articles.title,
      teaser: articles.teaser,
      body: articles.body,
      description: articles.description,
      version: articles.version,
    })
    .from(articles)
    .where(eq(articles.id, articleId))
    .get();
  if (!row) return null;
  if (row.language !== language) return storedTranslation(db, articleId, language);
  return {
    title: row.title,
    teaser: row.teaser,
    body: row.body ?? documentFromText(row.description),
    version: row.version,
  };
}

/** The audit scope of one author of a room's save. */
function authorScope(who: CollabIdentity, requestId: string): AuditScope {
  return {
    actor: {
      kind: who.tokenId ? 'token' : 'user',
      userId: who.userId,
      name: who.name,
      tokenId: who.tokenId,
      tokenName: who.tokenName,
      via: null,
    },
    requestId,
    recorded: [],
  };
}

export type { RoomSaveResult } from './room-translation';

/**
 * Saves `fields` over the article's current version as one revision crediting `authors` (the first one is the
 * revision's user). Not saved: unchanged, the article deleted, fields the save route would refuse (a title too
 * long, a picture that is not the article's), or another save got in between (the room tries again).
 */
export async function saveRoom(
  env: Env,
  room: { articleId: string; language: string },
  fields: SharedFields,
  authors: readonly CollabIdentity[],
  requestId: string,
): Promise<RoomSaveResult> {
  const db = createDb(env.DB);
  const row = await db.select().from(articles).where(eq(articles.id, room.articleId)).get();
  if (!row || authors.length === 0) return { saved: false, reason: 'gone' };
  if (row.language !== room.language) {
    const authorScopes = authors.map((a) => authorScope(a, requestId));
    const result = await saveTranslationRoom(db, row, room.language, fields, authors, authorScopes);
    await queueDeliveries(env, authorScopes);
    return result;
  }
  const parsed = updateArticleBody.safeParse({ title: fields.title, teaser: fields.teaser, body: fields.body });
  if (!parsed.success || !parsed.data.body) return { saved: false, reason: 'invalid' };
  const body = parsed.data.body;
  const same =
    row.title === fields.title &&
    row.teaser === fields.teaser &&
    JSON.stringify(row.body ?? documentFromText(row.description)) === JSON.stringify(body);
  if (same) return { saved: false, reason: 'unchanged' };
  try {
    await assertPlacedMedia(db, row.id, body);
  } catch {
    return { saved: false, reason: 'invalid' };
  }
  const scopes = authors.map((a) => authorScope(a, requestId));
  try {
    await updateArticle(
      db,
      row,
      { title: fields.title, teaser: fields.teaser, ...textChanges({ body }) },
      authors[0]!.userId,
      scopes[0]!,
      scopes,
    );
  } catch (err) {
    if ((err as { status?: number }).status === 409) return { saved: false, reason: 'conflict' };
    throw err;
  }
  await queueDeliveries(env, scopes);
  return { saved: true, version: row.version + 1 };
}

/** The webhooks of a save's audit entries, queued as a request's are; if that fails, the Cron Trigger queues the
 * pending deliveries a minute later. */
async function queueDeliveries(env: Env, scopes: readonly AuditScope[]): Promise<void> {
  const recorded = scopes.flatMap((s) => s.recorded);
  if (recorded.length) await enqueueAuditDeliveries(env, recorded).catch(() => undefined);
}
