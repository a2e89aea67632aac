// The site header: brand, search, language, sign-in or user menu, and the main menu.
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MenuItemId } from '../../navigation';
import { LanguageSwitch } from './language-switch';
import { MainMenu } from './main-menu';
import { UserMenu } from './user-menu';

// The search box brings the API client (and zod) with it: it follows the first paint instead of delaying it.
const SearchBox = lazy(() => import('../search-box'));

export function SiteHeader({ highlighted, bare = false }: { highlighted?: MenuItemId | undefined; bare?: boolean }) {
  return (
    <header className="site-header">
      <div className="header-bar">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            SO
          </span>
          <FormattedMessage id="shell.brand" />
        </Link>
        {!bare && (
          <div className="header-search">
            <Suspense fallback={<div className="search-pending" />}>
              <SearchBox />
            </Suspense>
          </div>
        )}
        <div className="header-tools">
          <LanguageSwitch />
          {!bare && <UserMenu />}
        </div>
      </div>
      {!bare && <MainMenu highlighted={highlighted} />}
    </header>
  );
}
