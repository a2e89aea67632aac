// The browser's router, built from the route table (web/routes/table.ts): every screen's view is its own lazily
// loaded chunk; the handles carry the highlighted menu item, the breadcrumbs and the screen's route module; guarded
// routes wait for the session before deciding.
// react-router in declarative mode (<BrowserRouter> + useRoutes): the data router would cost the first
// visit about 17 KB gzip more (docs/decisions/009-spa.md).
import { lazy, StrictMode, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { NotificationsProvider } from './components/notifications';
import { BareLayout, MainLayout, RootFrame } from './components/layout';
import { I18nProvider, type Locale, type Messages } from './i18n';
import type { RouteHandle } from './navigation';
import { RequireAccess } from './session/guards';
import { SessionProvider } from './session/session';
import type { SessionUser } from '#schema/entities';
import { SeedProvider, type QuerySeed } from './data/seed';
import type { ScreenRoute } from './routes/+shared/route-kit';
import { SCREENS } from './routes/table';

/** What a route's handle holds: its menu item and crumbs, and the screen it shows with the pattern it matched. */
export interface ScreenHandle extends RouteHandle {
  screen: ScreenRoute;
  pattern: string;
}

/** One element per screen: its view, loaded on demand, inside the layout's Suspense. */
const views = new Map<ScreenRoute, ReactNode>();
function viewOf(screen: ScreenRoute): ReactNode {
  let element = views.get(screen);
  if (!element) {
    const View = lazy(screen.view);
    element = <View />;
    views.set(screen, element);
  }
  return element;
}

/** The routes of one screen: one per URL pattern (relative to `parent`), guarded as it says, with its sections. */
function screenRoutes(screen: ScreenRoute, parent = '', guardedAbove = false): RouteObject[] {
  return Object.entries(screen.paths).map(([pattern, handle]) => {
    // `/` is the index route, `*` (any other path) stays `*`, and the rest are relative to the parent's pattern.
    const path = pattern === '/' ? undefined : pattern === '*' ? '*' : pattern.slice(parent.length + 1);
    const sections = screen.sections ?? [];
    const route: RouteObject = {
      ...(path === undefined ? { index: true } : { path }),
      handle: { ...handle, screen, pattern } satisfies ScreenHandle,
      element: viewOf(screen),
      ...(sections.length > 0
        ? {
            children: [
              // The frame opens its first section.
              {
                index: true,
                element: <Navigate to={Object.keys(sections[0]!.paths)[0]!.slice(pattern.length + 1)} replace />,
              },
              ...sections.flatMap((section) => screenRoutes(section, pattern, true)),
            ],
          }
        : {}),
    } as RouteObject;
    if (!screen.access || guardedAbove) return route;
    return {
      element: (
        <RequireAccess access={screen.access}>
          <Outlet />
        </RequireAccess>
      ),
      children: [route],
    };
  });
}

/** A screen's other addresses: redirects to its own (the access rule applies after). */
const aliasRoutes = (screen: ScreenRoute): RouteObject[] =>
  (screen.aliases ?? []).map((alias) => ({
    path: alias.slice(1),
    element: <Navigate to={Object.keys(screen.paths)[0]!} replace />,
  }));

const inLayout = (layout: 'main' | 'bare') =>
  SCREENS.filter((s) => (s.layout ?? 'main') === layout).flatMap((s) => [...screenRoutes(s), ...aliasRoutes(s)]);

export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    children: [
      { element: <MainLayout />, children: inLayout('main') },
      { element: <BareLayout />, children: inLayout('bare') },
    ],
  },
];

/** What a server-rendered page starts from (web/data/seed.tsx); nothing for a page the browser renders alone. */
export interface AppStart {
  locale: Locale;
  /** The configured languages' tags, the default first (from the page: LANGUAGES is the worker's configuration). */
  languages?: string[] | undefined;
  /** The router's basename: the page's language prefix (`/de`), empty for the default language. */
  basename?: string | undefined;
  messages: Messages;
  user: SessionUser | null;
  seed: QuerySeed | null;
}

/** Everything around the router: language, session, notifications, and a server-rendered page's answers. */
export function AppProviders({ children, start }: { children: ReactNode; start?: AppStart | undefined }) {
  return (
    <I18nProvider initialLocale={start?.locale} initialMessages={start?.messages} languages={start?.languages}>
      <SessionProvider initialUser={start?.user}>
        <SeedProvider seed={start?.seed ?? null}>
          <NotificationsProvider>{children}</NotificationsProvider>
        </SeedProvider>
      </SessionProvider>
    </I18nProvider>
  );
}

/**
 * The views of `routes` for the current location (inside any router). The server renderer, which has matched the
 * location already, passes the matched branch alone (`only`): react-router flattens and ranks the whole table on
 * every match, a cost the page would otherwise pay twice.
 */
export function AppRoutes({ only }: { only?: RouteObject[] | undefined } = {}) {
  return useRoutes(only ?? routes);
}

export function App({ start }: { start?: AppStart | undefined }) {
  return (
    <StrictMode>
      <AppProviders start={start}>
        <BrowserRouter basename={start?.basename || undefined}>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}
