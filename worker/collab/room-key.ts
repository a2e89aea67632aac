// A room's name: one Durable Object per shared document, (item, language), the language a tag of the configured
// content languages (wrangler.toml's LANGUAGES, schema/languages.ts). The default language's document is the
// article; a translation's would be its own room, not opened yet (docs/decisions/051).
import { languagesOf } from '#schema/languages';
import type { Env } from '../env';

/** The default content language's tag (the first configured). */
export const defaultLanguage = (env: Pick<Env, 'LANGUAGES'>) => languagesOf(env.LANGUAGES).default.tag;

/** The room of one shared document. */
export function roomStub(env: Env, articleId: string, language: string = defaultLanguage(env)) {
  return env.COLLAB_ROOM.get(env.COLLAB_ROOM.idFromName(`article:${articleId}:${language}`));
}
