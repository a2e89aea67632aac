// The language select of the header: switches the catalogue (en-US, de-DE) in place.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { LOCALES, isLocale, useLocale } from '#web/i18n';

export function LanguageSwitch() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
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
          if (isLocale(e.target.value)) setLocale(e.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {intl.formatMessage({ id: `shell.language.${l}` })}
          </option>
        ))}
      </select>
    </div>
  );
}
