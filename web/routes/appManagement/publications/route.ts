// The admin workspace's publications section (docs/decisions/015-admin-workspace.md), inside its frame.
import { drawnByTheBrowser, screen } from '#web/routes/+shared/route-kit';
import { appManagementTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/appManagement/publications/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'admin',
  paths: { '/appManagement/publications': { crumbs: appManagementTrail('shell.crumb.adminPublications') } },
});
