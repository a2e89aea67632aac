// The admin workspace's frame (docs/decisions/015-admin-workspace.md): its sections, each its own chunk, inside it.
import { drawnByTheBrowser, screen } from '../+shared/route-kit';
import { home, label } from '../+shared/crumbs';
import { route as users } from './users/route';
import { route as access } from './access/route';
import { route as publications } from './publications/route';
import { route as categories } from './categories/route';
import { route as health } from './health/route';
import { route as messages } from './messages/route';
import { route as exportSection } from './export/route';
import { route as importSection } from './import/route';
import { route as webhooks } from './webhooks/route';
import { route as auditLog } from './auditLog/route';

export const route = screen({
  module: 'routes/appManagement/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'admin',
  paths: { '/appManagement': { crumbs: () => [home, label('shell.crumb.appManagement')] } },
  sections: [
    users,
    access,
    publications,
    categories,
    health,
    messages,
    exportSection,
    importSection,
    webhooks,
    auditLog,
  ],
});
