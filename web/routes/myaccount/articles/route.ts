// The editor workspace's articles list (docs/decisions/016-editor-workspace.md).
import { drawnByTheBrowser, screen } from '#web/routes/+shared/route-kit';
import { workspaceCrumbs } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/myaccount/articles/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'editorOrAdmin',
  paths: { '/myaccount/articles': { menu: 'mySO', crumbs: workspaceCrumbs('articles') } },
});
