// Search results (never indexed).
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/search/index.tsx',
  view: () => import('./index'),
  paths: { '/search': { crumbs: simpleTrail('shell.crumb.search') } },
  noindex: true,
});
