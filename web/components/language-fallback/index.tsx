// The line a page shows where the reader's language has no published translation of the item (issue 29, decision
// 055): the item's text comes in its source language, and the line says so in the reader's ("Only available in
// English"). The text around it carries its own `lang` (the caller's element); the canonical points at the source.
import { FormattedMessage, useIntl } from 'react-intl';

/** The name of a language in the interface's language (`en-US` → "English", in German "Englisch"). */
function languageName(intl: ReturnType<typeof useIntl>, tag: string): string {
  try {
    return intl.formatDisplayName(tag.split('-')[0]!, { type: 'language' }) ?? tag;
  } catch {
    return tag;
  }
}

/** Whether an item's text is in another language than the interface's (a fallback to its source). */
export const isFallback = (itemLanguage: string | undefined, locale: string) =>
  itemLanguage !== undefined && itemLanguage !== locale;

export default function LanguageFallback({ language }: { language: string }) {
  const intl = useIntl();
  return (
    <p className="language-fallback" role="note">
      <FormattedMessage
        id="language.onlyIn"
        defaultMessage="Only available in {language}"
        values={{ language: languageName(intl, language) }}
      />
    </p>
  );
}
