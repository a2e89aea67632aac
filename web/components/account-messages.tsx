// The catalogue of the Account page, sign-in and registration (web/i18n/account.{locale}.json), loaded with those
// views and laid over the app's messages, so their strings stay out of the first visit's budget (as the
// workspace's, ./workspace/messages.tsx).
import { use, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Messages } from '../i18n';

type JsonModule = { default: Messages };
const catalogues = import.meta.glob<JsonModule>('../i18n/account.*.json');
const loaded = new Map<string, Promise<Messages>>();

function accountMessages(locale: string): Promise<Messages> {
  let found = loaded.get(locale);
  if (!found) {
    const load = catalogues[`../i18n/account.${locale}.json`] ?? catalogues['../i18n/account.en-US.json']!;
    found = load().then((m) => m.default);
    found.catch(() => loaded.delete(locale));
    loaded.set(locale, found);
  }
  return found;
}

/** Renders its children with the Account page's messages added (suspends until they are there). */
export function AccountMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const messages = use(accountMessages(intl.locale));
  return (
    <IntlProvider
      locale={intl.locale}
      defaultLocale={intl.defaultLocale}
      messages={{ ...intl.messages, ...messages } as Messages}
    >
      {children}
    </IntlProvider>
  );
}
