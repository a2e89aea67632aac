// Asking for a password reset link.
import { screen } from '../+shared/route-kit';

export const route = screen({
  module: 'routes/forgot-password/index.tsx',
  view: () => import('./index'),
  layout: 'bare',
  paths: { '/forgot-password': { title: 'forgot.title' } },
});
