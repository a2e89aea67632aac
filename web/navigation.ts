// What each route tells the shell through its handle: the highlighted menu item and its breadcrumbs.
import { channelPath } from './paths';
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
  | { kind: 'article'; id: string; to?: string }
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

const home: CrumbDef = { kind: 'label', key: 'homeAndNews', to: '/' };
const label = (key: string, to?: string): CrumbDef => (to ? { kind: 'label', key, to } : { kind: 'label', key });
const p = (params: Params, name: string) => params[name] ?? '';
const appManagement = label('shell.crumb.appManagement', '/appManagement');
const WORKSPACE_SECTIONS: Record<'articles' | 'channels' | 'news' | 'publications', [list: string, created?: string]> =
  {
    articles: ['articles', 'shell.crumb.newArticle'],
    channels: ['channels', 'shell.crumb.newChannel'],
    news: ['shell.crumb.news', 'shell.crumb.newNewsItem'],
    publications: ['shell.crumb.publications'],
  };
/** /myaccount/{section} and /myaccount/{section}/{new|id}: My account › section › item. */
function workspaceCrumbs(section: keyof typeof WORKSPACE_SECTIONS) {
  return (params: Params): CrumbDef[] => {
    const item = params.item;
    const trail: CrumbDef[] = [home, label('mySO', '/mySO'), label('shell.crumb.myaccount', '/myaccount')];
    const [list, created] = WORKSPACE_SECTIONS[section];
    if (!item) return [...trail, label(list)];
    trail.push(label(list, `/myaccount/${section}`));
    if (item === 'new' && created) return [...trail, label(created)];
    if (section === 'articles') return [...trail, { kind: 'article', id: item }];
    if (section === 'channels') return [...trail, { kind: 'channel', id: item }];
    return [...trail, label('shell.crumb.newsItem')];
  };
}

/** Home › Categories › the category's ancestors and itself: where the pages inside a category start. */
const categoryTrail = (params: Params): CrumbDef[] => [
  home,
  label('categories', '/category'),
  { kind: 'category', idOrSlug: p(params, 'categoryId') },
];

/** The handles of the routes of web/app.tsx, keyed by route pattern. */
export const HANDLES = {
  '/': { menu: 'homeAndNews', crumbs: () => [label('homeAndNews')] },
  '/about': { menu: 'about', crumbs: () => [home, label('about')] },
  '/orderChannel': { menu: 'order', crumbs: () => [home, label('orderChannel')] },
  '/contact': { menu: 'contact', crumbs: () => [home, label('contact')] },
  '/imprint': { menu: 'imprint', crumbs: () => [home, label('imprint')] },
  '/mySO': { menu: 'mySO', crumbs: () => [home, label('mySO')] },
  '/mySO/account': { menu: 'mySO', crumbs: () => [home, label('mySO', '/mySO'), label('myso.account.title')] },
  '/myaccount': { menu: 'mySO', crumbs: () => [home, label('mySO', '/mySO'), label('shell.crumb.myaccount')] },
  // The editor workspace's sections and forms (docs/decisions/016-editor-workspace.md).
  '/myaccount/articles': { menu: 'mySO', crumbs: workspaceCrumbs('articles') },
  '/myaccount/articles/:item': { menu: 'mySO', crumbs: workspaceCrumbs('articles') },
  '/myaccount/channels': { menu: 'mySO', crumbs: workspaceCrumbs('channels') },
  '/myaccount/channels/:item': { menu: 'mySO', crumbs: workspaceCrumbs('channels') },
  '/myaccount/news': { menu: 'mySO', crumbs: workspaceCrumbs('news') },
  '/myaccount/news/:item': { menu: 'mySO', crumbs: workspaceCrumbs('news') },
  '/myaccount/publications': { menu: 'mySO', crumbs: workspaceCrumbs('publications') },
  '/appManagement': { crumbs: () => [home, label('shell.crumb.appManagement')] },
  '/appManagement/users': { crumbs: () => [home, appManagement, label('shell.crumb.adminUsers')] },
  '/appManagement/access': { crumbs: () => [home, appManagement, label('shell.crumb.adminAccess')] },
  '/appManagement/publications': { crumbs: () => [home, appManagement, label('shell.crumb.adminPublications')] },
  '/appManagement/categories': { crumbs: () => [home, appManagement, label('shell.crumb.adminCategories')] },
  '/appManagement/health': { crumbs: () => [home, appManagement, label('shell.crumb.adminHealth')] },
  '/appManagement/messages': { crumbs: () => [home, appManagement, label('shell.crumb.adminMessages')] },
  '/appManagement/export': { crumbs: () => [home, appManagement, label('shell.crumb.adminExport')] },
  '/appManagement/import': { crumbs: () => [home, appManagement, label('shell.crumb.adminImport')] },
  '/appManagement/webhooks': { crumbs: () => [home, appManagement, label('shell.crumb.adminWebhooks')] },
  '/appManagement/auditLog': { crumbs: () => [home, appManagement, label('shell.crumb.adminAuditLog')] },
  '/no-permission': { crumbs: () => [home, label('shell.crumb.noPermission')] },
  '/article': { menu: 'homeAndNews', crumbs: () => [home, label('articles')] },
  '/article/:articleId': {
    menu: 'homeAndNews',
    crumbs: (params) => [home, label('articles', '/article'), { kind: 'article', id: p(params, 'articleId') }],
  },
  '/channels': { menu: 'soChannels', crumbs: () => [home, label('channels')] },
  '/chan/:channelId': {
    menu: 'soChannels',
    crumbs: (params) => [home, label('channels', '/channels'), { kind: 'channel', id: p(params, 'channelId') }],
  },
  '/chan/:channelId/a/:articleId': {
    menu: 'soChannels',
    crumbs: (params) => [
      home,
      label('channels', '/channels'),
      { kind: 'channel', id: p(params, 'channelId'), to: channelPath(p(params, 'channelId')) },
      { kind: 'article', id: p(params, 'articleId') },
    ],
  },
  '/category': { menu: 'categories', crumbs: () => [home, label('categories')] },
  '/category/:categoryId': { menu: 'categories', crumbs: categoryTrail },
  '/category/:categoryId/a/:articleId': {
    menu: 'categories',
    crumbs: (params) => [...categoryTrail(params), { kind: 'article', id: p(params, 'articleId') }],
  },
  '/category/:categoryId/c/:channelId': {
    menu: 'categories',
    crumbs: (params) => [...categoryTrail(params), { kind: 'channel', id: p(params, 'channelId') }],
  },
  '/category/:categoryId/c/:channelId/a/:articleId': {
    menu: 'categories',
    crumbs: (params) => [
      ...categoryTrail(params),
      {
        kind: 'channel',
        id: p(params, 'channelId'),
        to: channelPath(p(params, 'channelId'), p(params, 'categoryId')),
      },
      { kind: 'article', id: p(params, 'articleId') },
    ],
  },
  '/search': { crumbs: () => [home, label('shell.crumb.search')] },
  '/author/:username': {
    menu: 'homeAndNews',
    crumbs: (params) => [home, label('articles', '/article'), { kind: 'author', username: p(params, 'username') }],
  },
  '/login': { title: 'login.title' },
  '/register': { title: 'register.title' },
  '/forgot-password': { title: 'forgot.title' },
  '/forgot-password/:token': { title: 'reset.title' },
} satisfies Record<string, RouteHandle>;
