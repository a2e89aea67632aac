// The language select of the header. The interface language is the URL's (docs/decisions/055-language-urls.md), so
// choosing another leads to the same page in that language (`/article/x` → `/de/article/x`): a full load, the page
// and its catalogue in the new language. The choice is remembered (the `locale` cookie) for where `/` leads next time.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { languagePath, languagesOf } from '#schema/languages';
import { rememberLocaleCookie, useLocale } from '#web/i18n';

/** The address of the current page (its SPEC path and query, inside the router's basename) in another language. */
export function pathInLanguage(languages: readonly string[], tag: string, path: string): string {
  return languagePath(languagesOf(languages.join(',')), tag, path);
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
  const id = useId();
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
          window.location.assign(pathInLanguage(languages, tag, location.pathname + location.search));
        }}
      >
        {languages.map((l) => (
          <option key={l} value={l} lang={l}>
            {languageLabel(intl, l)}
          </option>
        ))}
      </select>
    </div>
  );
}
