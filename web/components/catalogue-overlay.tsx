// A view's own catalogue (web/i18n/{name}.{locale}.json), loaded with the view and laid over the app's messages, so
// its strings stay out of the first visit's budget: the account pages' (./account-messages.tsx) and the
// workspace's (./workspace/messages.tsx).
import { use, type ComponentType, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Messages } from '../i18n';

/**
 * The loaders of a catalogue by locale. Plain imports (`() => import('../i18n/{name}.de-DE.json')`), not globs:
 * the worker's bundler reads these modules too, for the views rendered on the server
 * (docs/decisions/025-server-rendering.md).
 */
export type Catalogues = Record<string, () => Promise<{ default: Messages }>>;

/** The catalogue of a locale (English when there is none), one load per locale; a failed load is tried again. */
export function catalogueLoader(catalogues: Catalogues): (locale: string) => Promise<Messages> {
  const loaded = new Map<string, Promise<Messages>>();
  return (locale) => {
    let found = loaded.get(locale);
    if (!found) {
      const load = catalogues[locale] ?? catalogues['en-US']!;
      found = load().then((m) => m.default);
      found.catch(() => loaded.delete(locale));
      loaded.set(locale, found);
    }
    return found;
  };
}

/** Renders its children with the catalogue's messages added (suspends until they are there). */
export function CatalogueOverlay({
  catalogue,
  children,
}: {
  catalogue: (locale: string) => Promise<Messages>;
  children: ReactNode;
}) {
  const intl = useIntl();
  const messages = use(catalogue(intl.locale));
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

/** A view drawn inside its catalogue's overlay: `export default withMessages(WorkspaceMessages, ArticleScreen)`. */
export function withMessages(Messages: ComponentType<{ children: ReactNode }>, View: ComponentType) {
  return function WithMessages() {
    return (
      <Messages>
        <View />
      </Messages>
    );
  };
}
