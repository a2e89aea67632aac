// The catalogue of the Account page, sign-in and registration (web/i18n/account.{locale}.json), loaded with those
// views and laid over the app's messages, so their strings stay out of the first visit's budget (as the
// workspace's, ./workspace/messages.tsx).
import { use, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Messages } from '../i18n';

type JsonModule = { default: Messages };
// Plain imports, not Vite's globs: the worker's bundler reads this module too, since sign-in and registration are
// rendered on the server (docs/decisions/025-server-rendering.md).
const catalogues: Record<string, () => Promise<JsonModule>> = {
  'en-US': () => import('../i18n/account.en-US.json'),
  'de-DE': () => import('../i18n/account.de-DE.json'),
};
const loaded = new Map<string, Promise<Messages>>();

function accountMessages(locale: string): Promise<Messages> {
  let found = loaded.get(locale);
  if (!found) {
    const load = catalogues[locale] ?? catalogues['en-US']!;
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
