// The interface's message catalogues, one per configured language (wrangler.toml's LANGUAGES, issue 29): en-US
// (the default, bundled) and any other whose catalogue files sit in this folder ({tag}.json, screens.{tag}.json,
// routes.{tag}.json: the screens' folders' own words), loaded when first needed. A language without a catalogue (or
// a key missing from one) speaks the default's words.
// The interface language follows the page's URL (docs/decisions/055-language-urls.md).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider, type IntlShape } from 'react-intl';
import { LOCALES as ACCOUNT_LOCALES } from '#schema/enums';
import enUS from './en-US.json';
import screensEnUS from './screens.en-US.json';
import routesEnUS from './routes.en-US.json';

/** The languages an account may prefer for its mails (schema/enums.ts); the interface's come from LANGUAGES. */
export const LOCALES = ACCOUNT_LOCALES;
/** An interface language: a configured language's full tag (`de-DE`). */
export type Locale = string;
export const DEFAULT_LOCALE: Locale = 'en-US';
/** localStorage key that remembers the visitor's choice; a cookie of the same name tells the worker. */
export const LOCALE_KEY = 'locale';

/** The cookie that tells the worker which language `/` should lead to (a year; the choice is not secret). */
export function rememberLocaleCookie(locale: Locale): void {
  document.cookie = `${LOCALE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

export type Messages = Record<string, string>;
type JsonModule = { default: Messages };

// Only the default catalogue lands in the entry chunk; the others load when needed. The screens' catalogues by a
// dynamic import with a variable part (no Vite-only glob): both Vite and the worker's bundler (esbuild, which renders
// pages: decision 025) turn `../i18n/screens.${tag}.json` into those files, so a new language's is found without code.
// (`../i18n/`: Vite refuses a variable import of its own folder.) The shell's catalogues are named `{tag}.json`,
// which as a pattern would also take the admin's and account's catalogues into the worker's bundle
// (test/deploy/deploy.test.ts): they are listed here, one line per language beyond the default.
const TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const SHELL_CATALOGUES: Record<string, () => Promise<JsonModule>> = {
  'de-DE': () => import('./de-DE.json'),
};
const shellCatalogue = (tag: string): Promise<JsonModule> =>
  SHELL_CATALOGUES[tag]?.() ?? Promise.reject(new Error(`no shell catalogue for ${tag}`));
const screensCatalogue = (tag: string): Promise<JsonModule> => import(`../i18n/screens.${tag}.json`);
/** The words the screens' folders bring (web/routes/<URL>/messages.json, gathered by worker/scripts/route-table.ts). */
const routesCatalogue = (tag: string): Promise<JsonModule> => import(`../i18n/routes.${tag}.json`);
/** A catalogue file of a language, or nothing when there is none. */
const catalogue = (load: (tag: string) => Promise<JsonModule>, tag: string) =>
  load(tag).then(
    (module) => module.default,
    (): Messages => ({}),
  );

const defaultMessages: Messages = { ...enUS, ...screensEnUS, ...routesEnUS };

/** Whether a value can name an interface language (a BCP 47 tag; whether it is configured is LANGUAGES's to say). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && TAG.test(value);
}

/** Each language's merged catalogue, once merged (the worker renders every page of a language with the same one). */
const merged = new Map<Locale, Messages>();

/** The merged catalogue of a language, over the default's (a missing key speaks English rather than an id). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === DEFAULT_LOCALE || !isLocale(locale)) return defaultMessages;
  const known = merged.get(locale);
  if (known) return known;
  const [shell, screens, routes] = await Promise.all([
    catalogue(shellCatalogue, locale),
    catalogue(screensCatalogue, locale),
    catalogue(routesCatalogue, locale),
  ]);
  const messages = { ...defaultMessages, ...shell, ...screens, ...routes };
  // A catalogue that failed to load (offline) is not remembered: the next call tries again.
  if (Object.keys(shell).length > 0 || Object.keys(screens).length > 0) merged.set(locale, messages);
  return messages;
}

/**
 * The formatters of a language, kept with its catalogue: react-intl's IntlProvider makes its own cache per mounted
 * provider, so the worker, which mounts one per page, parsed every message and built every Intl.DateTimeFormat again
 * for each page (issue 28's profile: about a tenth of a rendered page's CPU). One cache for the isolate (or the tab),
 * one intl object per catalogue.
 */
const intlCache = createIntlCache();
const intls = new WeakMap<Messages, Map<Locale, IntlShape>>();
export function intlOf(locale: Locale, messages: Messages): IntlShape {
  let byLocale = intls.get(messages);
  if (!byLocale) intls.set(messages, (byLocale = new Map<Locale, IntlShape>()));
  let intl = byLocale.get(locale);
  if (!intl) byLocale.set(locale, (intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages }, intlCache)));
  return intl;
}

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LOCALE_KEY);
    return isLocale(value) ? value : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

interface LocaleState {
  locale: Locale;
  /** The configured languages' tags, the default first. */
  languages: readonly string[];
  setLocale: (locale: Locale) => void;
}
const LocaleContext = createContext<LocaleState | null>(null);

export function I18nProvider({
  children,
  initialLocale,
  initialMessages,
  languages = ACCOUNT_LOCALES,
}: {
  children: ReactNode;
  /** The configured languages (the page's bootstrap data); the account languages when the browser renders alone. */
  languages?: readonly string[] | undefined;
  initialLocale?: Locale;
  /** The catalogue of initialLocale, already loaded (a server-rendered page: the first render is in its language). */
  initialMessages?: Messages;
}) {
  const [wanted, setWanted] = useState<Locale>(() => initialLocale ?? storedLocale());
  // English renders at once (or the page's language when its catalogue came along); another stored choice follows
  // as soon as its catalogue has loaded.
  const [active, setActive] = useState<{ locale: Locale; messages: Messages }>(() =>
    initialLocale && initialMessages
      ? { locale: initialLocale, messages: initialMessages }
      : { locale: DEFAULT_LOCALE, messages: defaultMessages },
  );

  useEffect(() => {
    if (wanted === active.locale) return;
    let live = true;
    void loadMessages(wanted).then(
      (messages) => {
        if (live) setActive({ locale: wanted, messages });
      },
      () => {
        // The catalogue chunk failed to load (offline): the current language stays.
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, active.locale]);

  useEffect(() => {
    document.documentElement.lang = active.locale;
  }, [active.locale]);

  const setLocale = useCallback((locale: Locale) => {
    try {
      localStorage.setItem(LOCALE_KEY, locale);
      rememberLocaleCookie(locale);
    } catch {
      // Not remembered, still switched.
    }
    setWanted(locale);
  }, []);

  const value = useMemo<LocaleState>(
    () => ({ locale: active.locale, languages, setLocale }),
    [active.locale, languages, setLocale],
  );
  const intl = useMemo(() => intlOf(active.locale, active.messages), [active.locale, active.messages]);
  return (
    <LocaleContext.Provider value={value}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale needs an <I18nProvider> above it');
  return state;
}
