// The editor workspace's news list (docs/decisions/016-editor-workspace.md).
import { drawnByTheBrowser, screen } from '#web/routes/+shared/route-kit';
import { workspaceCrumbs } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/myaccount/news/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'editorOrAdmin',
  paths: { '/myaccount/news': { menu: 'mySO', crumbs: workspaceCrumbs('news') } },
});
