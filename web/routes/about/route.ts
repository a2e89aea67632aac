// The portal introduces itself.
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/about/index.tsx',
  view: () => import('./index'),
  paths: { '/about': { menu: 'about', crumbs: simpleTrail('about') } },
});
