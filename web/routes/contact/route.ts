// The contact form.
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/contact/index.tsx',
  view: () => import('./index'),
  paths: { '/contact': { menu: 'contact', crumbs: simpleTrail('contact') } },
});
