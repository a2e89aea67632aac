// The personal area of every signed-in user: likes, access requests, granted access.
import { drawnByTheBrowser, screen } from '../+shared/route-kit';
import { home, label } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/mySO/index.tsx',
  view: import.meta.env.SSR ? drawnByTheBrowser : () => import('./index'),
  access: 'signedIn',
  aliases: ['/mysoherz'],
  paths: { '/mySO': { menu: 'mySO', crumbs: () => [home, label('mySO')] } },
});
