// /appManagement (ADMIN): the admin's workspace. Its sections are nested routes, each its own lazily loaded view
// (web/routes/admin-*/); this frame shows the heading, the section tabs with their badge counts, and brings the
// workspace's own message catalogue (web/i18n/admin.*.json, the active locale's only), so the first visit to /
// carries none of it.
import { Suspense, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Outlet } from 'react-router';
import { useAdminCounts } from '#web/data/admin';
import { Loading } from '#web/components/view-state';
import type { AdminCounts } from '#schema/entities';
import { CatalogueOverlay, catalogueLoader } from '#web/components/catalogue-overlay';
import './+shared/admin-kit/admin-kit.css';

/** The sections in tab order: path under /appManagement, catalogue key of the name, and the count of its badge. */
export const ADMIN_SECTIONS = [
  { path: 'users', label: 'admin.section.users' },
  { path: 'access', label: 'admin.section.access', count: 'pendingAccessRequests' },
  { path: 'publications', label: 'admin.section.publications', count: 'pendingPublications' },
  { path: 'categories', label: 'admin.section.categories' },
  { path: 'health', label: 'admin.section.health' },
  { path: 'messages', label: 'admin.section.messages', count: 'unreadMessages' },
  { path: 'export', label: 'admin.section.export' },
  { path: 'import', label: 'admin.section.import' },
  { path: 'webhooks', label: 'admin.section.webhooks' },
  { path: 'auditLog', label: 'admin.section.auditLog' },
] as const satisfies readonly { path: string; label: string; count?: keyof AdminCounts }[];

const adminCatalogue = catalogueLoader({
  'en-US': () => import('#web/i18n/admin.en-US.json'),
  'de-DE': () => import('#web/i18n/admin.de-DE.json'),
});

/**
 * The page's messages and the workspace's, in the active locale (suspends until they are there). The other locale's
 * catalogue loads only when the admin switches: both in the frame's chunk cost every section 4.8 KB gzip.
 */
function AdminMessages({ children }: { children: ReactNode }) {
  return <CatalogueOverlay catalogue={adminCatalogue}>{children}</CatalogueOverlay>;
}

function SectionTabs() {
  const intl = useIntl();
  const counts = useAdminCounts();
  return (
    <nav aria-label={intl.formatMessage({ id: 'admin.sections' })}>
      <ul className="admin-tabs">
        {ADMIN_SECTIONS.map((section) => {
          const count = 'count' in section && counts.data ? counts.data[section.count] : 0;
          const badgeId = `admin-badge-${section.path}`;
          return (
            <li key={section.path}>
              {/* The badge is described, not named: the tab's accessible name stays the section's name. */}
              <NavLink to={section.path} aria-describedby={count > 0 ? badgeId : undefined}>
                {intl.formatMessage({ id: section.label })}
                {count > 0 && (
                  <span className="admin-badge" aria-hidden="true">
                    {count}
                  </span>
                )}
              </NavLink>
              {count > 0 && (
                <span id={badgeId} className="visually-hidden">
                  {intl.formatMessage({ id: `admin.badge.${section.path}` }, { count })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function AppManagementView() {
  return (
    <AdminMessages>
      <div className="app-management">
        <h1>
          <FormattedMessage id="admin.title" />
        </h1>
        <SectionTabs />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </AdminMessages>
  );
}
