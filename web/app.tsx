// The route map: a screen's folder under routes/ is named after its URL; every view is its own lazily loaded chunk; handles carry the
// highlighted menu item and the breadcrumbs; guarded routes wait for the session before deciding.
// react-router in declarative mode (<BrowserRouter> + useRoutes): the data router would cost the first
// visit about 17 KB gzip more (docs/decisions/009-spa.md).
import { lazy, StrictMode, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { NotificationsProvider } from './components/notifications';
import { BareLayout, MainLayout, RootFrame } from './components/layout';
import { I18nProvider, type Locale, type Messages } from './i18n';
import { HANDLES } from './navigation';
import { RequireAccess, type Access } from './session/guards';
import { SessionProvider } from './session/session';
import type { SessionUser } from '../schema/entities';
import { SeedProvider, type QuerySeed } from './data/seed';

type ViewModule = { default: ComponentType };
/** The source module (under web/) of each view element: the worker links the matched view's chunk and styles. */
const viewModules = new WeakMap<object, string>();
/**
 * A view loaded on demand: its module's default export, rendered inside the layout's Suspense. `module` names the
 * file `load` imports, as the build's manifest does (web/server/render.tsx).
 */
const view = (module: string, load: () => Promise<ViewModule>) => {
  const View = lazy(load);
  const element = <View />;
  viewModules.set(element, module);
  return element;
};

/**
 * The load of every view under a guarded branch on the server, which never renders those (web/server/render.tsx:
 * the browser draws the workspaces). Each such view is loaded by `import.meta.env.SSR ? drawnByTheBrowser : () =>
 * import(...)`: SSR is true in every server build (Vite's own in `npm run dev` and the worker tests, wrangler.toml's
 * `define` for the deployed bundle), so there the import is dead code and the editor's and admin's screens, with
 * Lexical, dnd-kit and their catalogues, stay out of the worker's bundle (test/deploy checks it); the SPA's build
 * keeps the import.
 */
const drawnByTheBrowser = (): Promise<ViewModule> =>
  Promise.reject(new Error('A guarded view is drawn by the browser, never rendered on the server'));

/** The source module of a route's view element, if it is one. */
export const viewModuleOf = (element: unknown): string | undefined =>
  typeof element === 'object' && element !== null ? viewModules.get(element) : undefined;

/** The handle of a guarded branch: who may open the routes under it (the worker checks it too). */
export interface GuardHandle {
  access: Access;
}

const guarded = (access: Access, child: RouteObject): RouteObject => ({
  handle: { access } satisfies GuardHandle,
  element: (
    <RequireAccess access={access}>
      <Outlet />
    </RequireAccess>
  ),
  children: [child],
});

const articleView = view('routes/article/$articleId/index.tsx', () => import('./routes/article/$articleId/index'));

const channelView = view('routes/chan/$channelId/index.tsx', () => import('./routes/chan/$channelId/index'));

/** The editor workspace's routes: /myaccount/{section} is its list, /myaccount/{section}/{new|id} its form. */
const WORKSPACE_ROUTES = [
  {
    path: '/myaccount/articles',
    module: 'routes/myaccount/articles/index.tsx',
    load: import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/myaccount/articles/index'),
  },
  {
    path: '/myaccount/articles/:item',
    module: 'routes/myaccount/articles/$item/index.tsx',
    load: import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/myaccount/articles/$item/index'),
  },
  {
    path: '/myaccount/channels',
    module: 'routes/myaccount/channels/index.tsx',
    load: import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/myaccount/channels/index'),
  },
  {
    path: '/myaccount/channels/:item',
    module: 'routes/myaccount/channels/$item/index.tsx',
    load: import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/myaccount/channels/$item/index'),
  },
  {
    path: '/myaccount/news',
    module: 'routes/myaccount/news/index.tsx',
    load: import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/myaccount/news/index'),
  },
  {
    path: '/myaccount/news/:item',
    module: 'routes/myaccount/news/$item/index.tsx',
    load: import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/myaccount/news/$item/index'),
  },
  {
    path: '/myaccount/publications',
    module: 'routes/myaccount/publications/index.tsx',
    load: import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/myaccount/publications/index'),
  },
] as const;

export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    children: [
      {
        element: <MainLayout />,
        children: [
          {
            index: true,
            handle: HANDLES['/'],
            element: view('routes/home/index.tsx', () => import('./routes/home/index')),
          },
          {
            path: 'about',
            handle: HANDLES['/about'],
            element: view('routes/about/index.tsx', () => import('./routes/about/index')),
          },
          {
            path: 'orderChannel',
            handle: HANDLES['/orderChannel'],
            element: view('routes/orderChannel/index.tsx', () => import('./routes/orderChannel/index')),
          },
          {
            path: 'contact',
            handle: HANDLES['/contact'],
            element: view('routes/contact/index.tsx', () => import('./routes/contact/index')),
          },
          {
            path: 'imprint',
            handle: HANDLES['/imprint'],
            element: view('routes/imprint/index.tsx', () => import('./routes/imprint/index')),
          },
          // A reviewer's preview link (decision 029): no account needed, the token is the key.
          {
            path: 'preview/:token',
            element: view('routes/preview/$token/index.tsx', () => import('./routes/preview/$token/index')),
          },
          guarded('signedIn', {
            path: 'mySO',
            handle: HANDLES['/mySO'],
            element: view(
              'routes/mySO/index.tsx',
              import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/mySO/index'),
            ),
          }),
          guarded('signedIn', {
            path: 'mySO/account',
            handle: HANDLES['/mySO/account'],
            element: view(
              'routes/mySO/account/index.tsx',
              import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/mySO/account/index'),
            ),
          }),
          guarded('editorOrAdmin', {
            path: 'myaccount',
            handle: HANDLES['/myaccount'],
            element: view(
              'routes/myaccount/index.tsx',
              import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/myaccount/index'),
            ),
          }),
          // An MCP client's OAuth consent (docs/decisions/045-mcp-server.md): signed in as an editor first.
          guarded('editorOrAdmin', {
            path: 'oauth/authorize',
            element: view(
              'routes/oauth/authorize/index.tsx',
              import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/oauth/authorize/index'),
            ),
          }),
          // The editor workspace (docs/decisions/016-editor-workspace.md): each section's list and form its own chunk.
          ...WORKSPACE_ROUTES.map(({ path, module, load }) =>
            guarded('editorOrAdmin', { path: path.slice(1), handle: HANDLES[path], element: view(module, load) }),
          ),
          guarded('admin', {
            path: 'appManagement',
            handle: HANDLES['/appManagement'],
            element: view(
              'routes/appManagement/index.tsx',
              import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/index'),
            ),
            // The workspace's sections (docs/decisions/015-admin-workspace.md), each its own chunk inside its frame.
            children: [
              { index: true, element: <Navigate to="users" replace /> },
              {
                path: 'users',
                handle: HANDLES['/appManagement/users'],
                element: view(
                  'routes/appManagement/users/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/users/index'),
                ),
              },
              {
                path: 'access',
                handle: HANDLES['/appManagement/access'],
                element: view(
                  'routes/appManagement/access/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/access/index'),
                ),
              },
              {
                path: 'publications',
                handle: HANDLES['/appManagement/publications'],
                element: view(
                  'routes/appManagement/publications/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/publications/index'),
                ),
              },
              {
                path: 'categories',
                handle: HANDLES['/appManagement/categories'],
                element: view(
                  'routes/appManagement/categories/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/categories/index'),
                ),
              },
              {
                path: 'health',
                handle: HANDLES['/appManagement/health'],
                element: view(
                  'routes/appManagement/health/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/health/index'),
                ),
              },
              {
                path: 'messages',
                handle: HANDLES['/appManagement/messages'],
                element: view(
                  'routes/appManagement/messages/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/messages/index'),
                ),
              },
              {
                path: 'export',
                handle: HANDLES['/appManagement/export'],
                element: view(
                  'routes/appManagement/export/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/export/index'),
                ),
              },
              {
                path: 'import',
                handle: HANDLES['/appManagement/import'],
                element: view(
                  'routes/appManagement/import/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/import/index'),
                ),
              },
              {
                path: 'webhooks',
                handle: HANDLES['/appManagement/webhooks'],
                element: view(
                  'routes/appManagement/webhooks/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/webhooks/index'),
                ),
              },
              {
                path: 'auditLog',
                handle: HANDLES['/appManagement/auditLog'],
                element: view(
                  'routes/appManagement/auditLog/index.tsx',
                  import.meta.env.SSR ? drawnByTheBrowser : () => import('./routes/appManagement/auditLog/index'),
                ),
              },
            ],
          }),
          // The personal area's second name (docs/decisions/009-spa.md): the mySO guard applies after the redirect.
          { path: 'mysoherz', element: <Navigate to="/mySO" replace /> },
          {
            path: 'no-permission',
            handle: HANDLES['/no-permission'],
            element: view('routes/no-permission/index.tsx', () => import('./routes/no-permission/index')),
          },
          {
            path: 'article',
            handle: HANDLES['/article'],
            element: view('routes/article/list.tsx', () => import('./routes/article/list')),
          },
          { path: 'article/:articleId', handle: HANDLES['/article/:articleId'], element: articleView },
          {
            path: 'channels',
            handle: HANDLES['/channels'],
            element: view('routes/channels/index.tsx', () => import('./routes/channels/index')),
          },
          { path: 'chan/:channelId', handle: HANDLES['/chan/:channelId'], element: channelView },
          {
            path: 'chan/:channelId/a/:articleId',
            handle: HANDLES['/chan/:channelId/a/:articleId'],
            element: articleView,
          },
          {
            path: 'category',
            handle: HANDLES['/category'],
            element: view('routes/category/list.tsx', () => import('./routes/category/list')),
          },
          {
            path: 'category/:categoryId',
            handle: HANDLES['/category/:categoryId'],
            element: view('routes/category/$categoryId/index.tsx', () => import('./routes/category/$categoryId/index')),
          },
          {
            path: 'category/:categoryId/a/:articleId',
            handle: HANDLES['/category/:categoryId/a/:articleId'],
            element: articleView,
          },
          {
            path: 'category/:categoryId/c/:channelId',
            handle: HANDLES['/category/:categoryId/c/:channelId'],
            element: channelView,
          },
          {
            path: 'category/:categoryId/c/:channelId/a/:articleId',
            handle: HANDLES['/category/:categoryId/c/:channelId/a/:articleId'],
            element: articleView,
          },
          {
            path: 'author/:username',
            handle: HANDLES['/author/:username'],
            element: view('routes/author/$username/index.tsx', () => import('./routes/author/$username/index')),
          },
          {
            path: 'search',
            handle: HANDLES['/search'],
            element: view('routes/search/index.tsx', () => import('./routes/search/index')),
          },
          // An unknown path keeps the whole header (menu, search, sign-in): the way on from a dead link.
          { path: '*', element: view('routes/not-found/index.tsx', () => import('./routes/not-found/index')) },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          {
            path: 'login',
            handle: HANDLES['/login'],
            element: view('routes/login/index.tsx', () => import('./routes/login/index')),
          },
          {
            path: 'register',
            handle: HANDLES['/register'],
            element: view('routes/register/index.tsx', () => import('./routes/register/index')),
          },
          {
            path: 'forgot-password',
            handle: HANDLES['/forgot-password'],
            element: view('routes/forgot-password/index.tsx', () => import('./routes/forgot-password/index')),
          },
          {
            path: 'forgot-password/:token',
            handle: HANDLES['/forgot-password/:token'],
            element: view(
              'routes/forgot-password/$token/index.tsx',
              () => import('./routes/forgot-password/$token/index'),
            ),
          },
        ],
      },
    ],
  },
];

/** What a server-rendered page starts from (web/data/seed.tsx); nothing for a page the browser renders alone. */
export interface AppStart {
  locale: Locale;
  messages: Messages;
  user: SessionUser | null;
  seed: QuerySeed | null;
}

/** Everything around the router: language, session, notifications, and a server-rendered page's answers. */
export function AppProviders({ children, start }: { children: ReactNode; start?: AppStart | undefined }) {
  return (
    <I18nProvider initialLocale={start?.locale} initialMessages={start?.messages}>
      <SessionProvider initialUser={start?.user}>
        <SeedProvider seed={start?.seed ?? null}>
          <NotificationsProvider>{children}</NotificationsProvider>
        </SeedProvider>
      </SessionProvider>
    </I18nProvider>
  );
}

/** The views of `routes` for the current location (inside any router). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function App({ start }: { start?: AppStart | undefined }) {
  return (
    <StrictMode>
      <AppProviders start={start}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}
