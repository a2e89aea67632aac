// Locales and message catalogues: en-US (default, bundled) and de-DE (loaded when first chosen).
// Each locale is the SHELL catalogue merged with the SCREENS catalogue (screens.{locale}.json).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import enUS from './en-US.json';

export const LOCALES = ['en-US', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** localStorage key that remembers the visitor's choice. */
export const LOCALE_KEY = 'locale';

export type Messages = Record<string, string>;
type JsonModule = { default: Messages };

// Globs, not imports: the build keeps working while a catalogue file is still missing, and only the
// default locale lands in the entry chunk.
const screensEager = import.meta.glob<JsonModule>('./screens.en-US.json', { eager: true });
const lazyCatalogues = import.meta.glob<JsonModule>(['./de-DE.json', './screens.de-DE.json']);

const defaultMessages: Messages = { ...enUS, ...(screensEager['./screens.en-US.json']?.default ?? {}) };

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

export function I18nProvider({ children, initialLocale }: { children: ReactNode; initialLocale?: Locale }) {
  const [wanted, setWanted] = useState<Locale>(() => initialLocale ?? storedLocale());
  // English renders at once; another stored choice follows as soon as its catalogue has loaded.
  const [active, setActive] = useState<{ locale: Locale; messages: Messages }>({
    locale: DEFAULT_LOCALE,
    messages: defaultMessages,
  });

  useEffect(() => {
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
  }, [wanted]);

  useEffect(() => {
    document.documentElement.lang = active.locale;
  }, [active.locale]);

  const setLocale = useCallback((locale: Locale) => {
    try {
      localStorage.setItem(LOCALE_KEY, locale);
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
