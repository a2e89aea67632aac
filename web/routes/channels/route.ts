// Every channel the visitor may see.
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/channels/index.tsx',
  view: () => import('./index'),
  paths: { '/channels': { menu: 'soChannels', crumbs: simpleTrail('channels') } },
});
