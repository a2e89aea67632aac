// Where a guard sends whoever may not open a screen: it offers to sign in.
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/no-permission/index.tsx',
  view: () => import('./index'),
  paths: { '/no-permission': { crumbs: simpleTrail('shell.crumb.noPermission') } },
});
