// The editor workspace's channels form (new or an id) (docs/decisions/016-editor-workspace.md).
import { drawnByTheBrowser, screen } from '#web/routes/+shared/route-kit';
import { workspaceCrumbs } from '#web/routes/myaccount/+shared/crumbs';

export const route = screen({
  module: 'routes/myaccount/channels/$item/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'editorOrAdmin',
  paths: { '/myaccount/channels/:item': { menu: 'mySO', crumbs: workspaceCrumbs('channels') } },
});
