// The breadcrumbs the route modules share: the home crumb, a translated label, a category's trail.
import type { CrumbDef, Params } from '#web/navigation';

export const home: CrumbDef = { kind: 'label', key: 'homeAndNews', to: '/' };
export const label = (key: string, to?: string): CrumbDef => (to ? { kind: 'label', key, to } : { kind: 'label', key });
export const param = (params: Params, name: string) => params[name] ?? '';

/** Home › Categories › the category's ancestors and itself: where the pages inside a category start. */
export const categoryTrail = (params: Params): CrumbDef[] => [
  home,
  label('categories', '/category'),
  { kind: 'category', idOrSlug: param(params, 'categoryId') },
];

/** A static page's trail: Home › its title. */
export const simpleTrail = (key: string) => () => [home, label(key)];
