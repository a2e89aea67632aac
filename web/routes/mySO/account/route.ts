// Every user's own account: name, password, sessions, deletion.
import { drawnByTheBrowser, screen } from '#web/routes/+shared/route-kit';
import { home, label } from '#web/routes/+shared/crumbs';

export const route = screen({
  module: 'routes/mySO/account/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'signedIn',
  paths: {
    '/mySO/account': { menu: 'mySO', crumbs: () => [home, label('mySO', '/mySO'), label('myso.account.title')] },
  },
});
