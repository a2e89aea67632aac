// The imprint.
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/imprint/index.tsx',
  view: () => import('./index'),
  paths: { '/imprint': { menu: 'imprint', crumbs: simpleTrail('imprint') } },
});
