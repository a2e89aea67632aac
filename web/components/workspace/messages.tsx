// The workspace's own catalogue (web/i18n/workspace.{locale}.json), loaded with the first workspace view and laid
// over the app's messages (../catalogue-overlay.tsx): its few hundred strings stay out of the first visit's budget.
import type { ReactNode } from 'react';
import { CatalogueOverlay, catalogueLoader } from '../catalogue-overlay';

/** The workspace catalogue of `locale` (English when there is none), one load per locale. */
export const workspaceMessages = catalogueLoader({
  'en-US': () => import('#web/i18n/workspace.en-US.json'),
  'de-DE': () => import('#web/i18n/workspace.de-DE.json'),
});

/** Renders its children with the workspace's messages added (suspends until they are there). */
export function WorkspaceMessages({ children }: { children: ReactNode }) {
  return <CatalogueOverlay catalogue={workspaceMessages}>{children}</CatalogueOverlay>;
}
