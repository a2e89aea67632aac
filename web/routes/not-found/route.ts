// An unknown path keeps the whole header (menu, search, sign-in): the way on from a dead link. Status 404.
import { screen } from '../+shared/route-kit';

export const route = screen({
  module: 'routes/not-found/index.tsx',
  view: () => import('./index'),
  paths: { '*': {} },
});
