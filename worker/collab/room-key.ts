// A room's name: one Durable Object per shared document, (item, language). Languages are not built yet: the
// default (the first of the configured ones) is the only one with rooms for now (docs/decisions/051).
import { LOCALES } from '#schema/enums';
import type { Env } from '../env';

export const CONTENT_LANGUAGES = LOCALES;
export const DEFAULT_LANGUAGE = CONTENT_LANGUAGES[0];

/** The room of one shared document. */
export function roomStub(env: Env, articleId: string, language: string = DEFAULT_LANGUAGE) {
  return env.COLLAB_ROOM.get(env.COLLAB_ROOM.idFromName(`article:${articleId}:${language}`));
}
