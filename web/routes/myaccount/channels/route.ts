// The editor workspace's channels list (docs/decisions/016-editor-workspace.md).
import { drawnByTheBrowser, screen } from '#web/routes/+shared/route-kit';
import { workspaceCrumbs } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/myaccount/channels/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'editorOrAdmin',
  paths: { '/myaccount/channels': { menu: 'mySO', crumbs: workspaceCrumbs('channels') } },
});
