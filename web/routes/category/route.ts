// /category: the category tree (the view is list.tsx; /category/:categoryId lives in $categoryId/).
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/category/list.tsx',
  view: () => import('./list'),
  paths: { '/category': { menu: 'categories', crumbs: simpleTrail('categories') } },
});
