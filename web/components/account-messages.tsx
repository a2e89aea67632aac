// The catalogue of the Account page, sign-in and registration (web/i18n/account.{locale}.json), laid over the app's
// messages with those views (./catalogue-overlay.tsx). Sign-in and registration are rendered on the server too.
import type { ReactNode } from 'react';
import { CatalogueOverlay, catalogueLoader } from './catalogue-overlay';

const accountMessages = catalogueLoader({
  'en-US': () => import('../i18n/account.en-US.json'),
  'de-DE': () => import('../i18n/account.de-DE.json'),
});

/** Renders its children with the Account page's messages added (suspends until they are there). */
export function AccountMessages({ children }: { children: ReactNode }) {
  return <CatalogueOverlay catalogue={accountMessages}>{children}</CatalogueOverlay>;
}
