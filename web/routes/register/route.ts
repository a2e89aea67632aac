// Registering an account.
import { screen } from '../+shared/route-kit';

export const route = screen({
  module: 'routes/register/index.tsx',
  view: () => import('./index'),
  layout: 'bare',
  paths: { '/register': { title: 'register.title' } },
});
