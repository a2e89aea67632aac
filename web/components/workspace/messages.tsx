// The workspace's own catalogue (web/i18n/workspace.{locale}.json), loaded with the first workspace view and
// laid over the app's messages: its few hundred strings stay out of the first visit's budget.
import { use, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Messages } from '../../i18n';

type JsonModule = { default: Messages };
const catalogues = import.meta.glob<JsonModule>('../../i18n/workspace.*.json');
const loaded = new Map<string, Promise<Messages>>();

/** The workspace catalogue of `locale` (English when there is none), one load per locale. */
export function workspaceMessages(locale: string): Promise<Messages> {
  let found = loaded.get(locale);
  if (!found) {
    const load = catalogues[`../../i18n/workspace.${locale}.json`] ?? catalogues['../../i18n/workspace.en-US.json']!;
    found = load().then((m) => m.default);
    found.catch(() => loaded.delete(locale));
    loaded.set(locale, found);
  }
  return found;
}

/** Renders its children with the workspace's messages added (suspends until they are there). */
export function WorkspaceMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const messages = use(workspaceMessages(intl.locale));
  return (
    // Both hold strings in tests and development, pre-parsed messages in the build (web/vite.config.ts): never mixed.
    <IntlProvider
      locale={intl.locale}
      defaultLocale={intl.defaultLocale}
      messages={{ ...intl.messages, ...messages } as Messages}
    >
      {children}
    </IntlProvider>
  );
}
