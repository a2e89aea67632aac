// The language of an API request (issue 29, docs/decisions/056-translated-reads-and-search.md): the `lang` query
// parameter (a configured full or short tag, any case; any other value is a 400 on the field `lang`), else the
// Accept-Language header, else the configured default. Routes whose answer depends on it call `answerLanguage`, which
// marks the answer with Content-Language and `Vary: Accept-Language`; the edge cache keys every copy by it.
import type { Context, MiddlewareHandler } from 'hono';
import { findLanguage, fromAcceptLanguage, languagesOf, type Language, type Languages } from '#schema/languages';
import type { AppEnv } from '../env';
import { InvalidInput, issue } from '../lib/errors';

/** The configured languages of a request's worker. */
export const languagesOfEnv = (env: { LANGUAGES?: string }): Languages => languagesOf(env.LANGUAGES);

export const requestLanguage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const languages = languagesOfEnv(c.env);
  const asked = c.req.query('lang');
  let language: Language | undefined;
  if (asked !== undefined) {
    language = findLanguage(languages, asked);
    if (!language) {
      const tags = languages.all.map((l) => l.tag).join(', ');
      throw new InvalidInput([issue('lang', 'unknown_language', `Unknown language; configured: ${tags}`)]);
    }
  } else {
    language = fromAcceptLanguage(languages, c.req.header('Accept-Language')) ?? languages.default;
  }
  c.set('language', language);
  await next();
};

/**
 * The request's language for an answer that depends on it: the answer says which it is (Content-Language: the
 * requested language; items that fell back name their own in `language`) and that Accept-Language chose it.
 */
export function answerLanguage(c: Context<AppEnv, string, object>): Language {
  const language = c.get('language') ?? languagesOfEnv(c.env).default;
  c.header('Content-Language', language.tag);
  c.header('Vary', 'Accept-Language', { append: true });
  return language;
}
