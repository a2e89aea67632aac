// A room's name: one Durable Object per shared document, (item, language). The article's own document is keyed by
// the article's own `language`, each translation by its language (a tag of the configured content languages,
// schema/languages.ts), so a translation into the configured default cannot share the source's key
// (docs/decisions/051).
import type { Env } from '../env';

/** The room of one shared document: the article's own when `language` is the article's, else a translation's. */
export function roomStub(env: Env, articleId: string, language: string) {
  return env.COLLAB_ROOM.get(env.COLLAB_ROOM.idFromName(`article:${articleId}:${language}`));
}
