// Server rendering of the SPA's routes (docs/decisions/025-server-rendering.md): the route table
// (web/routes/table.ts) through the SPA's own router, views and providers, rendered with React's
// renderToReadableStream into the built index.html. Every query a view makes is loaded during the render by the
// view's own client call, sent to the API in-process as the request's user (./in-process.ts, decision 048); the route
// module's `load` starts what its head and nested-route rule read, and the answers go into the page once, for the
// browser's hydration (web/main.tsx).
import { findRedirect } from '../queries/redirects';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter, type RouteMatch, type RouteObject } from 'react-router';
import type { Context } from 'hono';
import type { ImageOption, SessionUser } from '#schema/entities';
import { PAGE_HEADERS } from '#schema/page-headers';
import type { AppEnv } from '../env';
import { CACHED_READ_CONTROL } from '../middleware/edge-cache';
import { AppProviders, AppRoutes, routes, type ScreenHandle } from '#web/app';
import { ApiError } from '#web/api/errors';
import type { QueryKey } from '#web/data/keys';
import { queries, type QueryDef } from '#web/data/queries';
import { PAGE_DATA_ID, seedId, type PageData, type QuerySeed, type SeededError } from '#web/data/seed';
import { loadMessages } from '#web/i18n';
import { pageLanguage } from './language';
import type { PageData as RoutePageData } from '#web/routes/+shared/route-kit';
import { routeMatcher } from '#web/routes/+shared/match';
import { SCREENS } from '#web/routes/table';
import { languagesOf } from '#schema/languages';
import { canAccess, NO_PERMISSION_PATH } from '#web/session/guards';
import { pageFacts, pageHead, scriptJson, storedPictureKey, type HeadInput } from './head';
import { inPage } from './in-process';
import { imageOptionsQuery, listImageOptions, toImageOption } from '../queries/image-options';
import { pictureSizeQuery, storedPictureSize, toPictureSize, type StoredPictureSize } from '../services/picture-sizes';
import { siteUrl } from '../site/routes';
import { buildFiles, type BuildFiles } from './template';

/** The API's names for what a URL's segments name (an id, a slug, a user name, a token). */
const URL_PARAMS = new Set(['id', 'slug', 'username', 'token']);
/**
 * A 400 for a path parameter alone (an id or slug no item could have: over-long, of the wrong form): the page's URL
 * names nothing, which for a page is a 404, as the API's direct look-ups made it before (decision 048).
 */
const namesNothing = (error: ApiError) =>
  error.code === 400 && error.issues.length > 0 && error.issues.every((i) => URL_PARAMS.has(String(i.path[0])));

/** The answers and refusals of one page's queries, each loaded once, by the view's client call, in-process. */
function requestSeed(c: Context<AppEnv>) {
  const keys = new Map<string, QueryKey>();
  const answers = new Map<string, unknown>();
  const refusals = new Map<string, SeededError>();
  const pending = new Map<string, Promise<void>>();
  const seed: QuerySeed = {
    data: (key) => answers.get(seedId(key)),
    error: (key) => refusals.get(seedId(key)),
    load: (key, fetcher) => {
      const id = seedId(key);
      const known = pending.get(id);
      if (known) return known;
      keys.set(id, key);
      const settled = inPage(c, fetcher).then(
        (answer) => void answers.set(id, answer),
        (error: unknown) => {
          // A refusal (a 404, a 403) is the page's to show; anything else fails the page.
          if (!(error instanceof ApiError) || error.code >= 500) throw error;
          refusals.set(
            id,
            namesNothing(error) ? { code: 404, message: 'Not found' } : { code: error.code, message: error.message },
          );
        },
      );
      pending.set(id, settled);
      return settled;
    },
  };
  const entries = <T,>(map: Map<string, T>) => [...map].map(([id, value]) => [keys.get(id)!, value] as [QueryKey, T]);
  /** Loads a named query now (before the render), and gives its answer (undefined when refused). */
  const get = async <T,>(query: QueryDef<T>): Promise<T | undefined> => {
    await seed.load!(query.key, query.fetch);
    return seed.data(query.key) as T | undefined;
  };
  return { seed, get, queries: () => entries(answers), errors: () => entries(refusals) };
}

type Match = RouteMatch<string, (typeof routes)[number]>;

/** The route table's matchRoutes, each path against the routes its first segment may take. */
const matchRoute = routeMatcher(routes);

/**
 * The route table cut down to the branch `matches` took (each matched route with only the next one as its child):
 * matching the location against it again (the render's useRoutes) finds the same routes and params without
 * flattening and ranking the whole table a second time. None when nothing matched (the render matches it whole).
 */
function matchedBranch(matches: Match[]): RouteObject[] | undefined {
  let branch: RouteObject[] | undefined;
  for (const { route } of matches.toReversed()) branch = [{ ...route, children: branch } as RouteObject];
  return branch;
}

/** The screen whose other address (an alias) `pathname` is, any case. */
const aliased = (pathname: string) =>
  SCREENS.find((s) => s.aliases?.some((alias) => alias.toLowerCase() === pathname.toLowerCase()));

/** GET of any path that is no API or file: the page, its status, or a redirect. */
export async function renderPage(c: Context<AppEnv>, files: BuildFiles = buildFiles): Promise<Response> {
  const url = new URL(c.req.url);
  const user = c.get('user');
  // The page's language is its URL's (./language.ts): `/de/x` is the SPEC's `/x` under the router's basename `/de`.
  const found = pageLanguage(c.req.raw, c.env);
  if (found && 'redirect' in found) return redirect(found.redirect, found.status, found.status === 302);
  const languages = found?.languages ?? languagesOf(c.env.LANGUAGES);
  const language = found?.language ?? languages.default;
  const locale = language.tag;
  const basename = found?.basename ?? '';
  const tags = languages.all.map((l) => l.tag);
  // The API calls of the render answer in it (./in-process.ts).
  c.set('language', language);
  // A language that is not configured (`/xx/...`) names no page: no SPEC route starts with a two-letter segment, so
  // the whole path matches only the catch-all, the not-found screen in the default language.
  const path = found ? found.path : url.pathname;
  const matches = (matchRoute(path) ?? []) as Match[];
  const leaf = matches.at(-1);
  const handle = leaf?.route.handle as ScreenHandle | undefined;
  const screen = handle?.screen;
  const notFound = !handle || handle.pattern === '*';

  // A screen's other name (the personal area's /mysoherz): its access rule applies after the redirect.
  const alias = aliased(path);
  if (alias) return redirect(basename + Object.keys(alias.paths)[0]!, 302);
  const access = screen?.access;
  // Where the visitor wanted to go travels along (the browser's guard keeps it in the history state), so that signing
  // in from there leads back to it: an MCP client's consent link (/oauth/authorize?...) must survive the sign-in.
  if (access && !canAccess(access, user))
    return redirect(`${basename}${NO_PERMISSION_PATH}?from=${encodeURIComponent(path + url.search)}`, 302);

  // An imported item's old address (decision 046): before the 404, or on `/` for WordPress's `?p=` form.
  if (notFound || (path === '/' && !basename && url.search)) {
    const moved = await findRedirect(c.get('db'), url);
    if (moved) return redirect(moved, 301);
  }

  const data = requestSeed(c);
  const page: RoutePageData = { params: leaf?.params ?? {}, queries, get: data.get };
  if (!notFound && !access && screen) {
    const canonical = await screen.canonical?.(page);
    if (canonical) return redirect(basename + canonical, 301);
    await screen.load?.(page);
  }

  // Guarded routes (the editor's and admin's workspaces) are drawn by the browser: they are nobody's first paint
  // but their user's, and never indexed.
  const rendered = !access;
  const messages = await loadMessages(locale);
  let body = '';
  if (rendered) {
    const stream = await renderToReadableStream(
      <StrictMode>
        <AppProviders start={{ locale, languages: tags, basename, messages, user, seed: data.seed }}>
          <StaticRouter basename={basename || undefined} location={url.pathname + url.search}>
            <AppRoutes only={matchedBranch(matches)} />
          </StaticRouter>
        </AppProviders>
      </StrictMode>,
      {
        // Never outlined: React would move a large boundary to the end of the stream and reveal it with an inline
        // script, which the pages' CSP (script-src 'self') does not run. The whole page is ready before it is sent.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError(error: unknown) {
          console.error({ message: 'page render failed', path: url.pathname, error: String(error) });
        },
      },
    );
    // Whole before it is sent: the status and the head depend on what the views loaded, and streaming the rest
    // would need React's inline scripts, which the pages' CSP (script-src 'self') does not run.
    await stream.allReady;
    body = await new Response(stream).text();
  }

  const errors = data.errors();
  const status = notFound || errors.some(([, e]) => e.code === 404) ? 404 : 200;
  const answers = data.queries();
  const head: HeadInput = {
    site: siteUrl(c),
    siteDescription: c.env.SITE_DESCRIPTION ?? '',
    body,
    url,
    path,
    languages,
    language,
    locale,
    status,
    user,
    guarded: !!access,
    leaf,
    queries: answers,
    messages,
  };
  const facts = pageFacts(head);
  // The size of the page's picture, for link previews (og:image:width and height), read with the framings.
  const pictureKey = facts.image ? storedPictureKey(facts.image.href) : null;
  const { framings, pictureSize } = await pagePictures(c, body, pictureKey);
  const pageData: PageData = { rendered, locale, languages: tags, basename, user, queries: answers, errors, framings };
  const template = await files.template(c);
  // The view's chunk and styles, and the header's search box (lazy in the SPA, rendered here on every page).
  const modules = [...(screen ? [screen.module] : []), SEARCH_BOX_MODULE];
  const shell = rendered ? await files.pageTags(c, template, modules) : template;
  // Every replacement that carries data is a function: a replacement string would interpret `$&`, `` $` `` and `$'`
  // in the page's text as parts of the template (test/deploy/string-replacements.test.ts keeps it so).
  const headTags = pageHead(head, facts, pictureSize);
  const root = `<div id="root">${body}</div><script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(pageData)}</script>`;
  const html = shell
    .replace(/<html lang="[^"]*">/, () => `<html lang="${locale}">`)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace('</head>', () => `${headTags}</head>`)
    .replace('<div id="root"></div>', () => root);
  return new Response(html, { status, headers: pageHeaders(user, screen?.confidential) });
}

/**
 * True inside Vite's development server (`npm run dev`, @cloudflare/vite-plugin: mode 'development'). The wrangler
 * bundle (`npm start`, deployments) has no import.meta.env; the worker tests run in Vite's mode 'test'.
 */
const VITE_DEV_SERVER = (import.meta as { env?: { MODE?: string } }).env?.MODE === 'development';

/** The module of the header's search box (web/components/site-header): rendered on every page. */
const SEARCH_BOX_MODULE = 'components/search-box/index.tsx';

/**
 * Blob keys of the stored pictures in the rendered HTML, with their framing (GET /imageOptions's query), and the
 * recorded size of the page's picture (`pictureKey`): one D1 round trip for both.
 */
async function pagePictures(
  c: Context<AppEnv>,
  html: string,
  pictureKey: string | null,
): Promise<{ framings: PageData['framings']; pictureSize: StoredPictureSize | null }> {
  const keys = [...new Set([...html.matchAll(/\/api\/files\/(image\/[\w.@-]+)/g)].map((m) => m[1]!))].slice(0, 100);
  const db = c.get('db');
  if (keys.length === 0)
    return { framings: [], pictureSize: pictureKey ? await storedPictureSize(db, pictureKey) : null };
  let options: ImageOption[];
  let pictureSize: StoredPictureSize | null = null;
  if (pictureKey) {
    const [rows, size] = await db.batch([imageOptionsQuery(db, keys), pictureSizeQuery(db, pictureKey).limit(1)]);
    options = rows.map(toImageOption);
    pictureSize = toPictureSize(size[0]);
  } else {
    options = await listImageOptions(db, keys);
  }
  return { framings: framingsOf(keys, options), pictureSize };
}

function framingsOf(keys: string[], options: ImageOption[]): PageData['framings'] {
  const found = new Map(options.map((o) => [o.blobKey, o]));
  return keys.map((key) => {
    const option = found.get(key);
    return [key, option ? { position: option.position, scale: option.scale > 0 ? option.scale : 1 } : DEFAULT_FRAMING];
  });
}

const DEFAULT_FRAMING = { position: '50% 50%', scale: 1 };

/** A reviewer's preview page (`confidential`) is no one else's: never kept by the edge, like its API answer. */
function pageHeaders(user: SessionUser | null, confidential = false): Headers {
  const headers = new Headers(PAGE_HEADERS);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  // Anonymous pages are what every visitor gets: the edge keeps them (worker/middleware/edge-cache.ts); a signed-in
  // page is that user's alone.
  headers.set('Cache-Control', user || confidential ? 'private, no-store' : CACHED_READ_CONTROL);
  // Under `npm run dev` the template is Vite's development page: React Refresh's inline preamble and the views' styles
  // as <style> elements, which the policy refuses. Its pages go without it, as Vite's own pages always did.
  if (VITE_DEV_SERVER) headers.delete('Content-Security-Policy');
  return headers;
}

/** A redirect; `byVisitor` when its target depends on the visitor's cookie and browser language (`/` → `/de/`). */
function redirect(location: string, status: 301 | 302, byVisitor = false): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  if (byVisitor) headers.set('Vary', 'Cookie, Accept-Language');
  return new Response(null, { status, headers });
}
