// The frames around the views: the root (scroll and focus on navigation), the main layout with header,
// menu, breadcrumbs and footer, and the bare frame of the routes outside the layout.
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isRouteErrorResponse, Link, Outlet, useLocation, useMatches, useRouteError } from 'react-router';
import type { CrumbDef, MenuItemId, RouteHandle } from '../navigation';
import { Breadcrumbs } from './breadcrumbs';
import { SiteFooter, SiteHeader } from './header';

/** Moves focus to the page's h1 as soon as it is there (views may render it after their data arrives). */
export function focusHeadingWhenReady(root: ParentNode = document, timeoutMs = 10_000): () => void {
  const tryFocus = () => {
    const heading = root.querySelector<HTMLElement>('main h1');
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(stop, timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** The document's first location: its page keeps the browser's own start position for assistive technology. */
let landingKey: string | undefined;

/** Scroll to the top on every navigation (SPEC section 9), and focus on the new page's heading. */
export function RootFrame() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    landingKey ??= location.key;
    if (location.key === landingKey) return;
    return focusHeadingWhenReady();
  }, [location.key]);
  return <Outlet />;
}

function useRouteHandle(): { menu: MenuItemId | undefined; crumbs: CrumbDef[] } {
  const matches = useMatches();
  const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.crumbs || (m.handle as RouteHandle | undefined)?.menu);
  const handle = match?.handle as RouteHandle | undefined;
  return { menu: handle?.menu, crumbs: handle?.crumbs?.(match?.params ?? {}) ?? [] };
}

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <FormattedMessage id="shell.skipToContent" />
    </a>
  );
}

export function MainLayout() {
  const { menu, crumbs } = useRouteHandle();
  return (
    <div className="page">
      <SkipLink />
      <SiteHeader highlighted={menu} />
      <div className="page-body">
        <Breadcrumbs defs={crumbs} />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}

export function BareLayout() {
  return (
    <div className="page page-bare">
      <SkipLink />
      <SiteHeader bare />
      <main id="main" tabIndex={-1} className="bare-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

/** When a route itself fails (typically a view chunk that no longer exists after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const intl = useIntl();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="page page-bare">
      <main id="main" className="bare-main">
        <div className="panel">
          <h1>{intl.formatMessage({ id: notFound ? 'notFound.title' : 'shell.error.title' })}</h1>
          <p>{intl.formatMessage({ id: notFound ? 'notFound.text' : 'shell.error.text' })}</p>
          <p className="actions">
            <button type="button" className="button" onClick={() => window.location.reload()}>
              <FormattedMessage id="shell.error.reload" />
            </button>
            <Link className="button button-secondary" to="/" reloadDocument>
              <FormattedMessage id="shell.backHome" />
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
