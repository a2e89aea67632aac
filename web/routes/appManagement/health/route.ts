// The admin workspace's health section (docs/decisions/015-admin-workspace.md), inside its frame.
import { drawnByTheBrowser, screen } from '#web/routes/+shared/route-kit';
import { appManagementTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/appManagement/health/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'admin',
  paths: { '/appManagement/health': { crumbs: appManagementTrail('shell.crumb.adminHealth') } },
});
