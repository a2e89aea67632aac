// The language select of the header. The interface language is the URL's (docs/decisions/055-language-urls.md), so
// choosing another leads to the same page in that language: an item's page (article, channel, category) to the item's
// version in that language at that language's own slug (`/article/old-bridge` → `/de/article/die-alte-bruecke`, no
// redirect on the way), or to its source where that language has none; any other page to its own path under the
// language's prefix (`/channels` → `/de/channels`). A full load: the page and its catalogue in the new language. The
// choice is remembered (the `locale` cookie) for where `/` leads next time.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, type RouteObject } from 'react-router';
import { languagePath, languagesOf } from '#schema/languages';
import { useAnswers, type QueryKey } from '#web/data/cache';
import { keys } from '#web/data/keys';
import type { queries } from '#web/data/queries';
import { rememberLocaleCookie, useLocale } from '#web/i18n';
import { routeMatcher } from '#web/routes/+shared/match';
import type { ScreenRoute } from '#web/routes/+shared/route-kit';
import { ALL_SCREENS } from '#web/routes/table';

/** The address of the current page (its SPEC path and query, inside the router's basename) in another language. */
export function pathInLanguage(languages: readonly string[], tag: string, path: string): string {
  return languagePath(languagesOf(languages.join(',')), tag, path);
}

/**
 * The route modules' queries as their keys alone: the switch reads answers already here and never asks, so the API
 * client stays out of the first visit's bundle (test/web/budget.test.ts). Each query is named as its key.
 */
const queryKeys = new Proxy(
  {},
  {
    get:
      (_, name: string) =>
      (...args: unknown[]) => ({
        key: (keys as unknown as Record<string, (...a: unknown[]) => QueryKey>)[name]!(...args),
      }),
  },
) as typeof queries;

/** The route patterns with the screen each belongs to. */
const SCREEN_ROUTES: RouteObject[] = ALL_SCREENS.flatMap((screen) =>
  Object.keys(screen.paths).map((path) => ({ path, handle: screen })),
);

/**
 * The screen routes' matchRoutes, each path against the routes its first segment may take (issue 28's profile: the
 * switch matched the whole table once per language, about a twentieth of a rendered page's CPU).
 */
const matchScreen = routeMatcher(SCREEN_ROUTES);

/**
 * Where the switch leads for `tag` from `location` (inside the basename): the item's version in that language from
 * the page's answers (`answer`: by query key), else its source; a page that is no item's, its path under the prefix.
 */
export function switchTarget(
  languages: readonly string[],
  tag: string,
  location: { pathname: string; search: string },
  answer: (key: QueryKey) => unknown,
  match = matchScreen(location.pathname)?.at(-1),
): string {
  const screen = match?.route.handle as ScreenRoute | undefined;
  const versions = screen?.versions?.({
    params: match?.params ?? {},
    answer: <T,>(query: { key: QueryKey } | QueryKey) => answer('key' in query ? query.key : query) as T | undefined,
    queries: queryKeys,
  });
  const version = versions?.find((v) => v.language === tag) ?? versions?.[0];
  return pathInLanguage(languages, tag, version ? version.path : location.pathname + location.search);
}

/** A language's name: the catalogue's, else the language's own name for itself (a language with no catalogue yet). */
function languageLabel(intl: ReturnType<typeof useIntl>, tag: string): string {
  const id = `shell.language.${tag}`;
  if (intl.messages[id]) return intl.formatMessage({ id });
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag.split('-')[0]!) ?? tag;
  } catch {
    return tag;
  }
}

export function LanguageSwitch() {
  const intl = useIntl();
  const { locale, languages } = useLocale();
  const location = useLocation();
  const answer = useAnswers();
  const id = useId();
  // Matched once for all the options (each language's target is the same screen's).
  const match = matchScreen(location.pathname)?.at(-1);
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {intl.formatMessage({ id: 'shell.language' })}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          const tag = e.target.value;
          if (!languages.includes(tag) || tag === locale) return;
          try {
            localStorage.setItem('locale', tag);
            rememberLocaleCookie(tag);
          } catch {
            // Not remembered, still switched.
          }
          // Worked out now, from the answers the page shows now (they may have come after the last render).
          window.location.assign(switchTarget(languages, tag, location, answer));
        }}
      >
        {languages.map((l) => (
          <option key={l} value={l} lang={l} data-href={switchTarget(languages, l, location, answer, match)}>
            {languageLabel(intl, l)}
          </option>
        ))}
      </select>
    </div>
  );
}
