// The workspace lists' language filter (issue 29): all, or "missing in …" / "outdated in …" one configured
// language, as the API's `?missing=` / `?outdated=` take it.
import { useIntl } from 'react-intl';
import { SelectField } from '../workspace/fields';
import { useContentLanguages, useLanguageName } from './language-bar';

export interface LanguageFilter {
  missing?: string | undefined;
  outdated?: string | undefined;
}

/** The filter a select value names: `missing:de-DE`, `outdated:de-DE` or '' (none). */
export function languageFilterOf(value: string): LanguageFilter {
  const [which, language] = value.split(':');
  if (!language) return {};
  return which === 'missing' ? { missing: language } : which === 'outdated' ? { outdated: language } : {};
}

export function LanguageFilterField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  const nameOf = useLanguageName();
  const languages = useContentLanguages();
  return (
    <SelectField
      label={intl.formatMessage({ id: 'tr.filter' })}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
      <option value="">{intl.formatMessage({ id: 'tr.filter.all' })}</option>
      {(['missing', 'outdated'] as const).flatMap((which) =>
        languages.map((language) => (
          <option key={`${which}:${language}`} value={`${which}:${language}`}>
            {intl.formatMessage({ id: `tr.filter.${which}` }, { language: nameOf(language) })}
          </option>
        )),
      )}
    </SelectField>
  );
}
