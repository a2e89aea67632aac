// The frames around the views: the root (scroll and focus on navigation), the main layout with header,
// menu, breadcrumbs and footer, and the bare frame of the routes outside the layout.
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet, useLocation, type RouteObject } from 'react-router';
import type { CrumbDef, MenuItemId, RouteHandle } from '../navigation';
import { routeMatcher } from '../routes/+shared/match';
import { ALL_SCREENS } from '../routes/table';
import { Breadcrumbs } from './breadcrumbs';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Moves focus to the page's h1 as soon as it is there (views may render it after their data arrives). The old
 * view may still show while the new one loads: a heading that goes away with it (focus falling back to <body>)
 * is replaced by the new one; once the reader has put focus elsewhere, it is left alone.
 */
export function focusHeadingWhenReady(root: ParentNode = document, timeoutMs = 10_000): () => void {
  let focused: HTMLElement | null = null;
  const tryFocus = () => {
    const heading = root.querySelector<HTMLElement>('main h1');
    if (!heading || heading === focused) return;
    const active = document.activeElement;
    if (focused && active && active !== document.body && active !== focused) return stop();
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    focused = heading;
  };
  const observer = new MutationObserver(tryFocus);
  const timer = setTimeout(stop, timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  tryFocus();
  return stop;
}

/** The document's first location: its page keeps the browser's own start position for assistive technology. */
let landingKey: string | undefined;

/**
 * Scroll to the top on every navigation (a new page starts at its top), and focus on the new page's heading. A view
 * that fails (typically its chunk no longer exists after a deploy) shows the error page instead.
 */
export function RootFrame() {
  const location = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    landingKey ??= location.key;
    if (location.key === landingKey) return;
    return focusHeadingWhenReady();
  }, [location.key]);
  return (
    <ViewErrorBoundary locationKey={location.key}>
      <Outlet />
    </ViewErrorBoundary>
  );
}

/** The route patterns of the route table with their handles, to match the location against. */
const HANDLE_ROUTES: RouteObject[] = ALL_SCREENS.flatMap((screen) =>
  Object.entries(screen.paths).map(([path, handle]) => ({ path, handle })),
);
const matchHandle = routeMatcher(HANDLE_ROUTES);

/** The highlighted menu item and the breadcrumbs of the route the location matches. */
export function routeHandle(pathname: string): { menu: MenuItemId | undefined; crumbs: CrumbDef[] } {
  const match = matchHandle(pathname)?.at(-1);
  const handle = match?.route.handle as RouteHandle | undefined;
  return { menu: handle?.menu, crumbs: handle?.crumbs?.(match?.params ?? {}) ?? [] };
}

/** What shows while a view's chunk loads on the first visit (later navigations keep the old view meanwhile). */
function ViewLoading() {
  return <p className="page-loading" role="status" aria-busy="true" />;
}

function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <FormattedMessage id="shell.skipToContent" />
    </a>
  );
}

export function MainLayout() {
  const { menu, crumbs } = routeHandle(useLocation().pathname);
  return (
    <div className="page">
      <SkipLink />
      <SiteHeader highlighted={menu} />
      <div className="page-body">
        <Breadcrumbs defs={crumbs} />
        <main id="main" tabIndex={-1}>
          <Suspense fallback={<ViewLoading />}>
            <Outlet />
          </Suspense>
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
        <Suspense fallback={<ViewLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

/** Catches a failing view and shows RouteError until the next navigation (React reports the error itself). */
class ViewErrorBoundary extends Component<
  { locationKey: string; children: ReactNode },
  { error: unknown; locationKey: string }
> {
  override state = { error: null as unknown, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('View failed') };
  }

  static getDerivedStateFromProps(props: { locationKey: string }, state: { error: unknown; locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { error: null, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** When a route itself fails (typically a view chunk that no longer exists after a deploy). */
export function RouteError() {
  const intl = useIntl();
  return (
    <div className="page page-bare">
      <main id="main" className="bare-main">
        <div className="panel">
          <h1>{intl.formatMessage({ id: 'shell.error.title' })}</h1>
          <p>{intl.formatMessage({ id: 'shell.error.text' })}</p>
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
