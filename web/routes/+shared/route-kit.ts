// What a route module (web/routes/**/route.ts) declares: its URL patterns with their menu item and breadcrumbs, who
// may open it, the data its page needs, its head, the nested-route rule that sends a misplaced address to its
// canonical one, and its view, loaded on demand. The route table (../table.ts) lists the modules; the browser's
// router (web/app.tsx), the layout's menu and crumbs, and the worker's renderer (worker/pages/) all read it.
import type { ComponentType } from 'react';
import type { Params, RouteHandle } from '#web/navigation';
import type { QueryKey } from '#web/data/keys';
import type { QueryDef, queries } from '#web/data/queries';
import type { Access } from '#web/session/guards';
import type { Locale } from '#web/i18n';
import type { LanguageVersion } from './language-facts';

export type ViewModule = { default: ComponentType };

/** What the head of a rendered page says (worker/pages/head.ts turns it into tags). */
export interface PageFacts {
  title: string;
  description: string;
  canonicalPath: string;
  type: 'website' | 'article';
  /** The page's picture (a stored file's href, without `?w=`) and what it shows, for og:image:alt. */
  image: { href: string; alt: string } | null;
  noindex: boolean;
  feeds: { title: string; path: string }[];
  jsonLd: unknown[];
  /** The page's video, for og:video (an article of videos: its first). */
  video?: { href: string } | null;
  /**
   * The page in each language it exists in (hreflang, og:locale:alternate): every configured language at the same
   * path unless an item's page names its own (its source and published translations).
   */
  versions?: LanguageVersion[];
  /** The language of the page's text when it is not the page's (the fallback to the source): canonical in it. */
  textLanguage?: string | null;
}

/** The loaded data of a page, for its head, its crumbs and its nested-route rule. */
export interface PageData {
  params: Params;
  /** The named queries, built on the client calls (web/data/queries.ts). */
  queries: typeof queries;
  /** Loads a query once per request (undefined: refused, e.g. 404). */
  get: <T>(query: QueryDef<T>) => Promise<T | undefined>;
}

export interface HeadContext {
  params: Params;
  /** The answer of a query the page loaded (by its definition or its key), if it came. */
  answer: <T>(query: QueryDef<T> | QueryKey) => T | undefined;
  queries: typeof queries;
  /** The page's facts before the route's own: the site's title and description, its own path, its crumbs. */
  base: PageFacts;
  t: (id: string) => string;
  /** An absolute URL of a path on this site (SITE_URL). */
  abs: (path: string) => string;
  locale: Locale;
  siteDescription: string;
}

export interface ScreenRoute {
  /** The view's source module under web/, as the build's manifest names it (its chunk and styles are linked). */
  module: string;
  /** The view, loaded on demand (its own chunk). */
  view: () => Promise<ViewModule>;
  /** Each URL pattern of the screen with its menu item, crumbs and title. */
  paths: Record<string, RouteHandle>;
  /** The shell around it: the site's (menu, crumbs) or the bare one of the sign-in forms. */
  layout?: 'main' | 'bare';
  /** Who may open it; a guarded screen is drawn by the browser, never rendered on the server. */
  access?: Access;
  /** Other addresses that redirect here (302). */
  aliases?: readonly string[];
  /** Screens inside this one's frame (their paths start with its own); the first opens by default. */
  sections?: readonly ScreenRoute[];
  /** Never for search engines (search results). */
  noindex?: boolean;
  /** The page is one person's (a reviewer's preview): never kept by the edge. */
  confidential?: boolean;
  // load, canonical and head are the worker's alone: a module declares them inside `...(import.meta.env.SSR && {…})`
  // (SSR: see drawnByTheBrowser below), so the browser's build, whose entry carries the route table, leaves them
  // and their helpers out (test/web/budget.test.ts checks it). versions stays: the language switch reads it.
  /** Starts the queries the page's head, crumbs and nested-route rule read (the view loads the rest itself). */
  load?: (page: PageData) => Promise<unknown>;
  /** A nested address whose parts do not belong together: the canonical address of what was asked for, else null. */
  canonical?: (page: PageData) => Promise<string | null>;
  /** The page's own head facts over the base; null when what it shows is not there (the not-found head). */
  head?: (head: HeadContext) => Partial<PageFacts> | null;
  /**
   * An item's page: the page in each language the item has (its source and published translations, each at its own
   * slug), from the loaded answers; undefined while they are not there. The head's hreflang set and the language
   * switch's targets both read it. Without it a page is the same path in every language.
   */
  versions?: (page: VersionsContext) => LanguageVersion[] | undefined;
}

/** What `versions` reads: the route's params and the answers the page loaded. */
export type VersionsContext = Pick<HeadContext, 'params' | 'answer' | 'queries'>;

export const screen = (route: ScreenRoute): ScreenRoute => route;

/**
 * The load of a guarded view on the server, which never renders those (the browser draws the workspaces). Each such
 * view is loaded by `import.meta.env.SSR ? drawnByTheBrowser : () => import('./index')`: SSR is true in every server
 * build (Vite's own in `npm run dev` and the worker tests, wrangler.toml's `define` for the deployed bundle), so
 * there the import is dead code and the editor's and admin's screens stay out of the worker's bundle (test/deploy
 * checks it); the SPA's build keeps the import.
 */
export const drawnByTheBrowser = (): Promise<ViewModule> =>
  Promise.reject(new Error('A guarded view is drawn by the browser, never rendered on the server'));
