// Setting a new password from a reset link's token.
import { screen } from '#web/routes/+shared/route-kit';

export const route = screen({
  module: 'routes/forgot-password/$token/index.tsx',
  view: () => import('./index'),
  layout: 'bare',
  paths: { '/forgot-password/:token': { title: 'reset.title' } },
});
