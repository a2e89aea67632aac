// Header (brand, search, language, sign-in or user menu, main menu) and footer.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/errors';
import { LOCALES, isLocale, useLocale } from '../i18n';
import { MENU_ITEMS, type MenuItemId } from '../navigation';
import { canAccess } from '../session/guards';
import { useSession } from '../session/session';
import { useNotify } from './notifications';

// The search box brings the API client (and zod) with it: it follows the first paint instead of delaying it.
const SearchBox = lazy(() => import('./search-box'));

export function LanguageSwitch() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {intl.formatMessage({ id: 'shell.language' })}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) setLocale(e.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {intl.formatMessage({ id: `shell.language.${l}` })}
          </option>
        ))}
      </select>
    </div>
  );
}

function UserMenu() {
  const intl = useIntl();
  const { user, ready, logout } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  // Open on the page where it was opened: navigating anywhere closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // While open, a pointer outside closes it, and so does Esc inside it (focus back to the button).
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpenAt(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !root.current?.contains(e.target as Node)) return;
      setOpenAt(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!ready) return <div className="user-menu" aria-hidden="true" />;
  if (!user) {
    const from = location.pathname + location.search;
    return (
      <div className="user-menu">
        <Link className="button button-small" to="/login" state={{ from }}>
          <FormattedMessage id="shell.signIn" />
        </Link>
      </div>
    );
  }

  async function signOut() {
    try {
      await logout();
      notify({ kind: 'success', message: intl.formatMessage({ id: 'shell.signedOut' }) });
      void navigate('/');
    } catch (err) {
      notify({ kind: 'error', message: err instanceof ApiError ? err.message : intl.formatMessage({ id: 'shell.error.title' }) });
    }
  }

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="button button-small user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenAt(open ? null : location.key)}
      >
        <span className="visually-hidden">{intl.formatMessage({ id: 'shell.userMenu' })}: </span>
        {user.name}
      </button>
      <ul id={menuId} className="user-menu-list" hidden={!open}>
        <li>
          <Link to="/mySO">
            <FormattedMessage id="mySO" />
          </Link>
        </li>
        {canAccess('editorOrAdmin', user) && (
          <li>
            <Link to="/myaccount">
              <FormattedMessage id="shell.crumb.myaccount" />
            </Link>
          </li>
        )}
        {canAccess('admin', user) && (
          <li>
            <Link to="/appManagement">
              <FormattedMessage id="shell.crumb.appManagement" />
            </Link>
          </li>
        )}
        <li>
          <button type="button" className="link-button" onClick={() => void signOut()}>
            <FormattedMessage id="shell.signOut" />
          </button>
        </li>
      </ul>
    </div>
  );
}

function MainMenu({ highlighted }: { highlighted: MenuItemId | undefined }) {
  const intl = useIntl();
  const location = useLocation();
  // Open on the page where it was opened: navigating anywhere closes it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const listId = useId();
  return (
    <nav className="main-menu" aria-label={intl.formatMessage({ id: 'shell.mainMenu' })}>
      <button type="button" className="menu-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpenAt(open ? null : location.key)}>
        <FormattedMessage id="shell.menu" />
      </button>
      <ul id={listId} className={open ? 'open' : undefined}>
        {MENU_ITEMS.map((item) => (
          <li key={item.id}>
            <Link to={item.to} aria-current={item.id === highlighted ? 'page' : undefined}>
              <FormattedMessage id={item.label} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

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

export function SiteFooter() {
  const intl = useIntl();
  return (
    <footer className="site-footer">
      <nav aria-label={intl.formatMessage({ id: 'shell.footerMenu' })}>
        <ul>
          <li>
            <Link to="/about">
              <FormattedMessage id="about" />
            </Link>
          </li>
          <li>
            <Link to="/contact">
              <FormattedMessage id="contact" />
            </Link>
          </li>
          <li>
            <Link to="/orderChannel">
              <FormattedMessage id="orderChannel" />
            </Link>
          </li>
          <li>
            <Link to="/imprint">
              <FormattedMessage id="imprint" />
            </Link>
          </li>
        </ul>
      </nav>
      <p>
        <FormattedMessage id="shell.copyright" values={{ year: String(new Date().getFullYear()) }} />
      </p>
    </footer>
  );
}
