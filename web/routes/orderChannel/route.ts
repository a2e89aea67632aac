// How to order a channel of one's own.
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/orderChannel/index.tsx',
  view: () => import('./index'),
  paths: { '/orderChannel': { menu: 'order', crumbs: simpleTrail('orderChannel') } },
});
