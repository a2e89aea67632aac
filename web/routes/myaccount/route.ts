// The editor workspace's start (docs/decisions/016-editor-workspace.md).
import { drawnByTheBrowser, screen } from '../+shared/route-kit';
import { home, label } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/myaccount/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'editorOrAdmin',
  paths: {
    '/myaccount': { menu: 'mySO', crumbs: () => [home, label('mySO', '/mySO'), label('shell.crumb.myaccount')] },
  },
});
