// The language bar of a content form (issue 29): each configured language with its state for this item (the
// source language, a draft or published translation, an outdated one, a missing one) and the way into it: Add
// translation for a missing language, Edit translation for one that exists.
import { FormattedMessage, useIntl } from 'react-intl';
import { shortTag } from '#schema/languages';
import type { WorkspaceTranslation } from '#schema/workspace';
import { useLocale } from '#web/i18n';
import './translations.css';

/** The configured content languages (LANGUAGES, from the page's bootstrap data), the default first. */
export function useContentLanguages(): readonly string[] {
  return useLocale().languages;
}

export type LanguageState = 'source' | 'draft' | 'published' | 'outdated' | 'missing';

export interface LanguageRow {
  language: string;
  state: LanguageState;
}

/** The state of each language for an item written in `source` with these translations. */
export function languageStates(
  languages: readonly string[],
  source: string,
  translations: readonly WorkspaceTranslation[],
): LanguageRow[] {
  return languages.map((language) => {
    if (language === source) return { language, state: 'source' };
    const found = translations.find((t) => t.language === language);
    if (!found) return { language, state: 'missing' };
    return { language, state: found.outdated ? 'outdated' : found.state };
  });
}

/** A language's name in the interface's language ("German", "Deutsch"; one region per language is configured). */
export function useLanguageName() {
  const intl = useIntl();
  return (tag: string) => intl.formatDisplayName(shortTag(tag), { type: 'language' }) ?? tag;
}

export function LanguageBar({
  rows,
  active,
  onOpen,
}: {
  rows: LanguageRow[];
  /** The language whose translation is open, if any. */
  active: string | null;
  onOpen: (language: string) => void;
}) {
  const intl = useIntl();
  const nameOf = useLanguageName();
  return (
    <nav className="ws-language-bar" aria-label={intl.formatMessage({ id: 'tr.languages' })}>
      <ul>
        {rows.map(({ language, state }) => {
          const name = nameOf(language);
          return (
            <li
              key={language}
              className={`ws-language ws-language-${state}`}
              aria-current={active === language || undefined}
            >
              <span className="ws-language-name">{name}</span>{' '}
              <span className="ws-language-state">
                <FormattedMessage id={`tr.state.${state}`} />
              </span>
              {state !== 'source' && (
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={intl.formatMessage(
                    { id: state === 'missing' ? 'tr.addNamed' : 'tr.editNamed' },
                    { language: name },
                  )}
                  onClick={() => onOpen(language)}
                >
                  <FormattedMessage id={state === 'missing' ? 'tr.add' : 'tr.edit'} />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A workspace row's language marks: the languages missing or outdated (the lists show them). */
export function LanguageMarks({
  sourceLanguage,
  translations,
}: {
  sourceLanguage: string | undefined;
  translations: readonly WorkspaceTranslation[] | undefined;
}) {
  const nameOf = useLanguageName();
  const languages = useContentLanguages();
  if (!sourceLanguage || !translations) return null;
  const marks = languageStates(languages, sourceLanguage, translations).filter(
    (r) => r.state === 'missing' || r.state === 'outdated',
  );
  if (marks.length === 0) return null;
  return (
    <span className="ws-language-marks">
      {marks.map((m) => (
        <span key={m.language} className={`ws-language-mark ws-language-${m.state}`}>
          <FormattedMessage id={`tr.mark.${m.state}`} values={{ language: nameOf(m.language) }} />
        </span>
      ))}
    </span>
  );
}
