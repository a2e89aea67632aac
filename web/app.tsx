// The route map: a screen's folder under routes/ is named after its URL; every view is its own lazily loaded chunk; handles carry the
// highlighted menu item and the breadcrumbs; guarded routes wait for the session before deciding.
// react-router in declarative mode (<BrowserRouter> + useRoutes): the data router would cost the first
// visit about 17 KB gzip more (docs/decisions/009-spa.md).
import { lazy, StrictMode, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { NotificationsProvider } from './components/notifications';
import { BareLayout, MainLayout, RootFrame } from './components/layout';
import { I18nProvider } from './i18n';
import { HANDLES } from './navigation';
import { RequireAccess, type Access } from './session/guards';
import { SessionProvider } from './session/session';

type ViewModule = { default: ComponentType };
/** A view loaded on demand: its module's default export, rendered inside the layout's Suspense. */
const view = (load: () => Promise<ViewModule>) => {
  const View = lazy(load);
  return <View />;
};

const guarded = (access: Access, child: RouteObject): RouteObject => ({
  element: (
    <RequireAccess access={access}>
      <Outlet />
    </RequireAccess>
  ),
  children: [child],
});

const articleView = view(() => import('./routes/article/index'));

const channelView = view(() => import('./routes/channel/index'));

/** The editor workspace's routes: /myaccount/{section} is its list, /myaccount/{section}/{new|id} its form. */
const WORKSPACE_ROUTES = [
  { path: '/myaccount/articles', load: () => import('./routes/myaccount/articles/index') },
  { path: '/myaccount/articles/:item', load: () => import('./routes/myaccount/articles/item/index') },
  { path: '/myaccount/channels', load: () => import('./routes/myaccount/channels/index') },
  { path: '/myaccount/channels/:item', load: () => import('./routes/myaccount/channels/item/index') },
  { path: '/myaccount/news', load: () => import('./routes/myaccount/news/index') },
  { path: '/myaccount/news/:item', load: () => import('./routes/myaccount/news/item/index') },
  { path: '/myaccount/publications', load: () => import('./routes/myaccount/publications/index') },
] as const;

export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, handle: HANDLES['/'], element: view(() => import('./routes/home/index')) },
          { path: 'about', handle: HANDLES['/about'], element: view(() => import('./routes/about/index')) },
          {
            path: 'orderChannel',
            handle: HANDLES['/orderChannel'],
            element: view(() => import('./routes/order-channel/index')),
          },
          { path: 'contact', handle: HANDLES['/contact'], element: view(() => import('./routes/contact/index')) },
          { path: 'imprint', handle: HANDLES['/imprint'], element: view(() => import('./routes/imprint/index')) },
          // A reviewer's preview link (decision 029): no account needed, the token is the key.
          { path: 'preview/:token', element: view(() => import('./routes/preview/index')) },
          guarded('signedIn', {
            path: 'mySO',
            handle: HANDLES['/mySO'],
            element: view(() => import('./routes/myso/index')),
          }),
          guarded('signedIn', {
            path: 'mySO/account',
            handle: HANDLES['/mySO/account'],
            element: view(() => import('./routes/myso-account/index')),
          }),
          guarded('editorOrAdmin', {
            path: 'myaccount',
            handle: HANDLES['/myaccount'],
            element: view(() => import('./routes/myaccount/index')),
          }),
          // The editor workspace (docs/decisions/016-editor-workspace.md): each section's list and form its own chunk.
          ...WORKSPACE_ROUTES.map(({ path, load }) =>
            guarded('editorOrAdmin', { path: path.slice(1), handle: HANDLES[path], element: view(load) }),
          ),
          guarded('admin', {
            path: 'appManagement',
            handle: HANDLES['/appManagement'],
            element: view(() => import('./routes/app-management/index')),
            // The workspace's sections (docs/decisions/015-admin-workspace.md), each its own chunk inside its frame.
            children: [
              { index: true, element: <Navigate to="users" replace /> },
              {
                path: 'users',
                handle: HANDLES['/appManagement/users'],
                element: view(() => import('./routes/app-management/users/index')),
              },
              {
                path: 'access',
                handle: HANDLES['/appManagement/access'],
                element: view(() => import('./routes/app-management/access/index')),
              },
              {
                path: 'publications',
                handle: HANDLES['/appManagement/publications'],
                element: view(() => import('./routes/app-management/publications/index')),
              },
              {
                path: 'categories',
                handle: HANDLES['/appManagement/categories'],
                element: view(() => import('./routes/app-management/categories/index')),
              },
              {
                path: 'health',
                handle: HANDLES['/appManagement/health'],
                element: view(() => import('./routes/app-management/health/index')),
              },
              {
                path: 'messages',
                handle: HANDLES['/appManagement/messages'],
                element: view(() => import('./routes/app-management/messages/index')),
              },
            ],
          }),
          // The personal area's second name (docs/decisions/009-spa.md): the mySO guard applies after the redirect.
          { path: 'mysoherz', element: <Navigate to="/mySO" replace /> },
          {
            path: 'no-permission',
            handle: HANDLES['/no-permission'],
            element: view(() => import('./routes/no-permission/index')),
          },
          { path: 'article', handle: HANDLES['/article'], element: view(() => import('./routes/article-list/index')) },
          { path: 'article/:articleId', handle: HANDLES['/article/:articleId'], element: articleView },
          { path: 'channels', handle: HANDLES['/channels'], element: view(() => import('./routes/channels/index')) },
          { path: 'chan/:channelId', handle: HANDLES['/chan/:channelId'], element: channelView },
          {
            path: 'chan/:channelId/a/:articleId',
            handle: HANDLES['/chan/:channelId/a/:articleId'],
            element: articleView,
          },
          { path: 'category', handle: HANDLES['/category'], element: view(() => import('./routes/categories/index')) },
          {
            path: 'category/:categoryId',
            handle: HANDLES['/category/:categoryId'],
            element: view(() => import('./routes/category/index')),
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
          { path: 'search', handle: HANDLES['/search'], element: view(() => import('./routes/search/index')) },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: 'login', element: view(() => import('./routes/login/index')) },
          { path: 'register', element: view(() => import('./routes/register/index')) },
          { path: 'forgot-password', element: view(() => import('./routes/forgot-password/index')) },
          { path: 'forgot-password/:token', element: view(() => import('./routes/reset-password/index')) },
          { path: '*', element: view(() => import('./routes/not-found/index')) },
        ],
      },
    ],
  },
];

/** Everything around the router: language, session, notifications. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <SessionProvider>
        <NotificationsProvider>{children}</NotificationsProvider>
      </SessionProvider>
    </I18nProvider>
  );
}

/** The views of `routes` for the current location (inside any router). */
export function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}
