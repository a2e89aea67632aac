// Locales and message catalogues: en-US (default, bundled) and de-DE (loaded when first chosen).
// Each locale is the SHELL catalogue merged with the SCREENS catalogue (screens.{locale}.json).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import enUS from './en-US.json';
import screensEnUS from './screens.en-US.json';

export const LOCALES = ['en-US', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** localStorage key that remembers the visitor's choice; a cookie of the same name tells the worker. */
export const LOCALE_KEY = 'locale';

/** The cookie that tells the worker which language to render pages in (a year; the choice is not secret). */
export function rememberLocaleCookie(locale: Locale): void {
  document.cookie = `${LOCALE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

export type Messages = Record<string, string>;
type JsonModule = { default: Messages };

// Only the default locale lands in the entry chunk; the others load when chosen. Plain imports (not Vite's globs):
// the worker's bundler reads this module too, to render pages (docs/decisions/025-server-rendering.md).
const lazyCatalogues: Record<string, () => Promise<JsonModule>> = {
  './de-DE.json': () => import('./de-DE.json'),
  './screens.de-DE.json': () => import('./screens.de-DE.json'),
};

const defaultMessages: Messages = { ...enUS, ...screensEnUS };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The merged catalogue of a locale. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === DEFAULT_LOCALE) return defaultMessages;
  const [shell, screens] = await Promise.all(
    [`./${locale}.json`, `./screens.${locale}.json`].map(async (file) => {
      const load = lazyCatalogues[file];
      return load ? (await load()).default : {};
    }),
  );
  return { ...shell, ...screens };
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
  setLocale: (locale: Locale) => void;
}
const LocaleContext = createContext<LocaleState | null>(null);

export function I18nProvider({
  children,
  initialLocale,
  initialMessages,
}: {
  children: ReactNode;
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

  const value = useMemo<LocaleState>(() => ({ locale: active.locale, setLocale }), [active.locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={active.locale} defaultLocale={DEFAULT_LOCALE} messages={active.messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale needs an <I18nProvider> above it');
  return state;
}
