// The route map of SPEC section 2: every view is its own lazily loaded chunk; handles carry the
// highlighted menu item and the breadcrumbs; guarded routes wait for the session before deciding.
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { NotificationsProvider } from './components/notifications';
import { BareLayout, MainLayout, RootFrame, RouteError } from './components/layout';
import { I18nProvider } from './i18n';
import { HANDLES } from './navigation';
import { RequireAccess, type Access } from './session/guards';
import { SessionProvider } from './session/session';

type ViewModule = { default: ComponentType };
/** A route's `lazy`: the view module's default export becomes the route component. */
const view = (load: () => Promise<ViewModule>) => async () => ({ Component: (await load()).default });

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

export const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    errorElement: <RouteError />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, handle: HANDLES['/'], lazy: view(() => import('./routes/home/index')) },
          { path: 'about', handle: HANDLES['/about'], lazy: view(() => import('./routes/about/index')) },
          { path: 'orderChannel', handle: HANDLES['/orderChannel'], lazy: view(() => import('./routes/order-channel/index')) },
          { path: 'contact', handle: HANDLES['/contact'], lazy: view(() => import('./routes/contact/index')) },
          { path: 'imprint', handle: HANDLES['/imprint'], lazy: view(() => import('./routes/imprint/index')) },
          guarded('signedIn', { path: 'mySO', handle: HANDLES['/mySO'], lazy: view(() => import('./routes/myso/index')) }),
          guarded('editorOrAdmin', {
            path: 'myaccount',
            handle: HANDLES['/myaccount'],
            lazy: view(() => import('./routes/myaccount/index')),
          }),
          guarded('admin', {
            path: 'appManagement',
            handle: HANDLES['/appManagement'],
            lazy: view(() => import('./routes/app-management/index')),
          }),
          // The personal area's second name (docs/decisions/009-spa.md): the mySO guard applies after the redirect.
          { path: 'mysoherz', element: <Navigate to="/mySO" replace /> },
          { path: 'no-permission', handle: HANDLES['/no-permission'], lazy: view(() => import('./routes/no-permission/index')) },
          { path: 'article', handle: HANDLES['/article'], lazy: view(() => import('./routes/article-list/index')) },
          { path: 'article/:articleId', handle: HANDLES['/article/:articleId'], lazy: articleView },
          { path: 'channels', handle: HANDLES['/channels'], lazy: view(() => import('./routes/channels/index')) },
          { path: 'chan/:channelId', handle: HANDLES['/chan/:channelId'], lazy: channelView },
          { path: 'chan/:channelId/a/:articleId', handle: HANDLES['/chan/:channelId/a/:articleId'], lazy: articleView },
          { path: 'category', handle: HANDLES['/category'], lazy: view(() => import('./routes/categories/index')) },
          { path: 'category/:categoryId', handle: HANDLES['/category/:categoryId'], lazy: view(() => import('./routes/category/index')) },
          { path: 'category/:categoryId/a/:articleId', handle: HANDLES['/category/:categoryId/a/:articleId'], lazy: articleView },
          { path: 'category/:categoryId/c/:channelId', handle: HANDLES['/category/:categoryId/c/:channelId'], lazy: channelView },
          {
            path: 'category/:categoryId/c/:channelId/a/:articleId',
            handle: HANDLES['/category/:categoryId/c/:channelId/a/:articleId'],
            lazy: articleView,
          },
          { path: 'search', handle: HANDLES['/search'], lazy: view(() => import('./routes/search/index')) },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: 'login', lazy: view(() => import('./routes/login/index')) },
          { path: 'register', lazy: view(() => import('./routes/register/index')) },
          { path: 'forgot-password', lazy: view(() => import('./routes/forgot-password/index')) },
          { path: 'forgot-password/:token', lazy: view(() => import('./routes/reset-password/index')) },
          { path: '*', lazy: view(() => import('./routes/not-found/index')) },
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
