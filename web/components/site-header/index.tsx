// The site header: brand, search, language, sign-in or user menu, and the main menu.
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MenuItemId } from '#web/navigation';
import { LanguageSwitch } from './language-switch';
import { MainMenu } from './main-menu';
import { UserMenu } from './user-menu';

// The search box brings the API client (and zod) with it: it follows the first paint instead of delaying it.
const SearchBox = lazy(() => import('../search-box'));

/** Whether the page is scrolled down: a phone's header then keeps only its first line (styles.css). */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 0);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

export function SiteHeader({ highlighted, bare = false }: { highlighted?: MenuItemId | undefined; bare?: boolean }) {
  const scrolled = useScrolled();
  return (
    <header className="site-header" data-scrolled={scrolled || undefined}>
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
