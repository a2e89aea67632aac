// The site's menu, and what each route tells the shell through its handle (declared in its route module,
// web/routes/**/route.ts): the highlighted menu item and its breadcrumbs.
export const MENU_ITEMS = [
  { id: 'homeAndNews', to: '/', label: 'homeAndNews' },
  { id: 'soChannels', to: '/channels', label: 'channels' },
  { id: 'categories', to: '/category', label: 'categories' },
  { id: 'mySO', to: '/mySO', label: 'mySO' },
  { id: 'about', to: '/about', label: 'about' },
  { id: 'order', to: '/orderChannel', label: 'orderChannel' },
  { id: 'contact', to: '/contact', label: 'contact' },
  { id: 'imprint', to: '/imprint', label: 'imprint' },
] as const;
export type MenuItemId = (typeof MENU_ITEMS)[number]['id'];

/** One breadcrumb before it is resolved: a translated label, or an entity whose title is fetched. */
export type CrumbDef =
  | { kind: 'label'; key: string; to?: string }
  /** `source`: the article's own text (the article form's crumb shares the form's read), else the page's language. */
  | { kind: 'article'; id: string; to?: string; source?: boolean }
  | { kind: 'channel'; id: string; to?: string }
  | { kind: 'author'; username: string }
  /** Expands to every ancestor of the category and the category itself. */
  | { kind: 'category'; idOrSlug: string };

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteHandle {
  menu?: MenuItemId;
  /** The page's title (a message id), where its last crumb does not name it or it has no crumbs. */
  title?: string;
  crumbs?: (params: Params) => CrumbDef[];
}
