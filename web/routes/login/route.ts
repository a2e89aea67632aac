// Signing in.
import { screen } from '../+shared/route-kit';

export const route = screen({
  module: 'routes/login/index.tsx',
  view: () => import('./index'),
  layout: 'bare',
  paths: { '/login': { title: 'login.title' } },
});
