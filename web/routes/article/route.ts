// /article: the newest articles, paged (the view is list.tsx; /article/:articleId lives in $articleId/).
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/article/list.tsx',
  view: () => import('./list'),
  paths: { '/article': { menu: 'homeAndNews', crumbs: simpleTrail('articles') } },
});
