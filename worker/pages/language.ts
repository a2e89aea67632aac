// The language of a page (issue 29, docs/decisions/055-language-urls.md), read in one place: from its URL. The
// default language keeps the SPEC's paths, any other is the short tag's prefix (`/de/article/x`); the prefix becomes
// the router's basename, so the route table matches the SPEC path inside it. The `locale` cookie and Accept-Language
// only choose where `/` sends a visitor: the one address whose language the URL does not say.
import {
  findLanguage,
  fromAcceptLanguage,
  languagePath,
  languagesOf,
  splitLanguagePath,
  type Language,
  type Languages,
} from '#schema/languages';

/** A page's language and the SPEC path inside its prefix. */
export interface PageLanguage {
  languages: Languages;
  language: Language;
  /** The path without the language's prefix: what the route table matches. */
  path: string;
  /** The router's basename: `/de` for German, empty for the default language. */
  basename: string;
}

/**
 * What a page's URL says: its language, or a redirect (`/en/x` → `/x`; `/` → `/de/` for a visitor who chose German
 * or whose browser asks for it without a choice), or null for a language that is not configured (`/xx/...`: 404).
 */
export function pageLanguage(
  request: Request,
  env: { LANGUAGES?: string },
): PageLanguage | { redirect: string; status: 301 | 302 } | null {
  const url = new URL(request.url);
  const languages = languagesOf(env.LANGUAGES);
  const split = splitLanguagePath(languages, url.pathname);
  if (!split) return null;
  if (split.prefixed) return { redirect: split.path + url.search, status: 301 };
  if (url.pathname === '/' && !url.search) {
    const chosen = homeLanguage(request, languages);
    if (chosen !== languages.default) return { redirect: languagePath(languages, chosen, '/'), status: 302 };
  }
  const { language } = split;
  const basename = language === languages.default ? '' : `/${language.short}`;
  return { languages, language, path: split.path, basename };
}

/** The language `/` leads to: the visitor's choice (the `locale` cookie), else the browser's, else the default. */
export function homeLanguage(request: Request, languages: Languages): Language {
  const cookie = /(?:^|;\s*)locale=([^;]+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
  const chosen = findLanguage(languages, cookie ? decodeURIComponent(cookie) : null);
  if (chosen) return chosen;
  if (cookie) return languages.default;
  return fromAcceptLanguage(languages, request.headers.get('Accept-Language')) ?? languages.default;
}

/**
 * The language a page's answer depends on, for its edge-cache name: the URL's, except on `/`, whose answer (the
 * page or a redirect) depends on the visitor's choice. `xx` for a path no language owns (its 404).
 */
export function pageCacheLanguage(request: Request, env: { LANGUAGES?: string }): string {
  const found = pageLanguage(request, env);
  if (!found) return 'xx';
  if ('redirect' in found) return `redirect:${found.redirect}`;
  return found.language.tag;
}
