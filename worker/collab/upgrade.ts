// GET /api/articles/{id}/collab with Upgrade: websocket: checked like any write of the article (a session with the
// same-origin check, or a `full` token; the save route's rule: its owner or an admin), then handed to the article's
// room: the article's own (its `language`) or one of its translations (`?lang=`). Refusals are the API's envelopes,
// before any upgrade. docs/decisions/051-co-editing-rooms.md.
import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv, Env } from '../env';
import { BadRequest } from '../lib/errors';
import { describe } from '../lib/route-doc';
import { currentUser } from '../middleware/guards';
import { ARTICLE_NOT_FOUND, articleForWrite } from '../queries/articles';
import { resolveIdOrSlug } from '../queries/slugs';
import type { SharedFields } from './lexical-yjs';
import { colourOf, type CollabIdentity } from './rights';
import { IDENTITY_HEADER, ROOM_HEADER } from './room';
import { findLanguage, languagesOf } from '#schema/languages';
import { TRANSLATION_SPECS, getTranslation } from '../queries/translations';
import { roomStub } from './room-key';

export const collabQuery = z.object({ lang: z.optional(z.string().check(z.maxLength(35))) });

/** The upgrade route's documentation (worker/routes/articles.ts). */
export const collabRouteDoc = describe({
  summary: "Opens the article's co-editing room (WebSocket, y-websocket protocol)",
  description:
    "Send `Upgrade: websocket`. `lang` is the content language, a configured one (full or short tag): the article's " +
    'own (the default) opens its own room, another one the room of its translation in that language (404 when it ' +
    'has none; the same rights as saving that translation). Sync and presence follow y-websocket; names and ' +
    'colours come from the account.',
  raw: { contentTypes: [], statuses: { 101: "Switching Protocols: the socket of the article's room" } },
  errors: [400, 401, 403, 404],
  ownerOrAdmin: "the article's owner",
});

/**
 * The upgrade, behind `sameOrigin` (a GET that writes: the session is read from the primary, a token needs `full`,
 * a browser's foreign origin is 403) and `requireEditor`: the article's write rule, then the room.
 */
export async function openRoom(c: Context<AppEnv>, idOrSlug: string, lang: string | undefined): Promise<Response> {
  const db = c.get('db');
  const user = currentUser(c);
  const languages = languagesOf(c.env.LANGUAGES);
  const chosen = lang === undefined ? undefined : findLanguage(languages, lang);
  if (lang !== undefined && !chosen)
    throw new BadRequest(`Unknown language; configured: ${languages.all.map((l) => l.tag).join(', ')}`);
  // The translation PUT's rule (requireEditor, then the article's write rule: its owner or an admin).
  const row = await articleForWrite(db, user, await resolveIdOrSlug(db, c.env.KV, idOrSlug, ARTICLE_NOT_FOUND));
  const language = chosen?.tag ?? row.language;
  if (language !== row.language) await getTranslation(db, TRANSLATION_SPECS.article, row.id, language); // else 404
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw new BadRequest('Expected Upgrade: websocket');
  const token = c.get('apiToken');
  const who: CollabIdentity & { colour: string } = {
    userId: user.id,
    name: user.name,
    role: user.role,
    sessionId: token ? null : c.get('sessionId'),
    tokenId: token?.id ?? null,
    tokenName: token?.name ?? null,
    colour: colourOf(user.id),
  };
  // A request of our own: the client's headers (a forged identity among them) never reach the room.
  return roomStub(c.env, row.id, language).fetch(
    new Request(c.req.url, {
      headers: {
        Upgrade: 'websocket',
        [IDENTITY_HEADER]: JSON.stringify(who),
        [ROOM_HEADER]: JSON.stringify({ articleId: row.id, language }),
      },
    }),
  );
}

/**
 * Tells a room (if anyone is in it) of a save from outside it, so it enters as that author's change: the article's
 * own room (`language` the article's) or a translation's.
 */
export async function tellRoomOfSave(
  env: Env,
  room: { articleId: string; language: string },
  fields: SharedFields,
  version: number,
  author: { userId: string; name: string },
): Promise<void> {
  await roomStub(env, room.articleId, room.language).outsideSave(fields, version, author);
}

/**
 * Tells the article's room of a rewrite from outside it that may also have given the article to someone else (a
 * re-import, worker/import/items.ts): the new fields enter as a save from outside does, then the room checks again
 * who may still write and closes the others' sockets. One call a rewritten article (an import step's subrequests are
 * counted).
 */
export async function tellRoomOfRewrite(
  env: Env,
  room: { articleId: string; language: string },
  fields: SharedFields,
  version: number,
  author: { userId: string; name: string },
): Promise<void> {
  await roomStub(env, room.articleId, room.language).rewritten(fields, version, author);
}

/**
 * Closes the room of a deleted document at once: `language`'s (a deleted translation's), and with `translations`
 * (a deleted article, `language` its own) those of every configured language too.
 */
export async function tellRoomOfDeletion(
  env: Env,
  articleId: string,
  language: string,
  translations = false,
): Promise<void> {
  const tags = new Set([language, ...(translations ? languagesOf(env.LANGUAGES).all.map((l) => l.tag) : [])]);
  await Promise.all([...tags].map((tag) => roomStub(env, articleId, tag).articleGone()));
}
