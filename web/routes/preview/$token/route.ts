// A reviewer's preview link (decision 029): no account needed, the token is the key; the page is the reviewer's
// alone (never kept by the edge).
import { screen } from '#web/routes/+shared/route-kit';

export const route = screen({
  module: 'routes/preview/$token/index.tsx',
  view: () => import('./index'),
  paths: { '/preview/:token': {} },
  confidential: true,
});
