// Server rendering of the SPA's routes (docs/decisions/025-server-rendering.md): the route table of web/app.tsx,
// the same views and providers, rendered with React's renderToReadableStream into the built index.html. Every
// query a view makes is loaded during the render by the API's own query functions (./loaders.ts), as the request's
// viewer, and the answers go into the page once, for the browser's hydration (web/main.tsx).
import { findRedirect } from '../../worker/queries/redirects';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter, type RouteMatch } from 'react-router';
import type { Context } from 'hono';
import type { SessionUser } from '../../schema/entities';
import { PAGE_HEADERS } from '../../schema/page-headers';
import type { AppEnv } from '../../worker/env';
import { CACHED_READ_CONTROL } from '../../worker/middleware/edge-cache';
import { HttpError } from '../../worker/lib/errors';
import { AppProviders, AppRoutes, routes, viewModuleOf, type GuardHandle } from '../app';
import type { QueryKey } from '../data/keys';
import { PAGE_DATA_ID, seedId, type PageData, type QuerySeed, type SeededError } from '../data/seed';
import { DEFAULT_LOCALE, isLocale, loadMessages, type Locale } from '../i18n';
import { canAccess, NO_PERMISSION_PATH } from '../session/guards';
import { pageFacts, pageHead, scriptJson, storedPictureKey, type HeadInput } from './head';
import { serverLoader } from './loaders';
import { listImageOptions } from '../../worker/queries/image-options';
import { storedPictureSize } from '../../worker/services/picture-sizes';
import { siteUrl } from '../../worker/site/routes';
import { buildFiles, type BuildFiles } from './template';
import { articlePath, channelPath } from '../../schema/urls';

/** The language of the page: the visitor's choice (cookie), else the first of Accept-Language we have, else en-US. */
export function pageLocale(request: Request): Locale {
  const cookie = /(?:^|;\s*)locale=([^;]+)/.exec(request.headers.get('Cookie') ?? '')?.[1];
  if (cookie && isLocale(cookie)) return cookie;
  for (const part of (request.headers.get('Accept-Language') ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('de')) return 'de-DE';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}

/** The answers and refusals of one request's queries, loaded on first use during the render. */
function requestSeed(load: (key: QueryKey) => Promise<unknown> | undefined) {
  const keys = new Map<string, QueryKey>();
  const answers = new Map<string, unknown>();
  const refusals = new Map<string, SeededError>();
  const pending = new Map<string, Promise<void>>();
  const seed: QuerySeed = {
    data: (key) => answers.get(seedId(key)),
    error: (key) => refusals.get(seedId(key)),
    load: (key) => {
      const id = seedId(key);
      const known = pending.get(id);
      if (known) return known;
      const loading = load(key);
      if (!loading) return undefined;
      keys.set(id, key);
      const settled = loading.then(
        (answer) => void answers.set(id, answer),
        (error: unknown) => {
          if (!(error instanceof HttpError)) throw error;
          refusals.set(id, { code: error.status, message: error.message });
        },
      );
      pending.set(id, settled);
      return settled;
    },
  };
  const entries = <T,>(map: Map<string, T>) => [...map].map(([id, value]) => [keys.get(id)!, value] as [QueryKey, T]);
  return {
    seed,
    /** Loads a key now (before the render), and gives its answer. */
    get: async (key: QueryKey) => {
      await seed.load!(key);
      return seed.data(key);
    },
    queries: () => entries(answers),
    errors: () => entries(refusals),
  };
}

type Match = RouteMatch<string, (typeof routes)[number]>;

/** The access a guarded branch of the matched routes asks for, if any. */
const guardOf = (matches: Match[]) =>
  matches.map((m) => (m.route.handle as Partial<GuardHandle> | undefined)?.access).find((a) => a !== undefined);

/**
 * A nested route whose parts do not belong together (an article under a channel or category it is not in, a
 * channel under a category it is not in): the canonical address of what was asked for, else null.
 */
async function misplaced(params: Record<string, string | undefined>, get: (key: QueryKey) => Promise<unknown>) {
  const { articleId, channelId, categoryId } = params;
  const category = categoryId === undefined ? undefined : ((await get(['category-id', categoryId])) as string);
  if (articleId !== undefined && (channelId !== undefined || categoryId !== undefined)) {
    const article = (await get(['article', articleId])) as {
      id: string;
      slug: string;
      channelId: string | null;
      categoryIds: string[];
    };
    if (!article) return null; // the view shows the refusal
    const channel =
      channelId === undefined
        ? undefined
        : ((await get(['channel', channelId, 'summary'])) as { id: string } | undefined);
    const wrongChannel = channelId !== undefined && (!channel || article.channelId !== channel.id);
    // Under a channel the article's own categories do not matter (the channel's do, below).
    const wrongCategory = channelId === undefined && category !== undefined && !article.categoryIds.includes(category);
    if (wrongChannel || wrongCategory) return articlePath(article);
  }
  if (channelId !== undefined && category !== undefined) {
    const channel = (await get(['channel', channelId, 'summary'])) as
      { id: string; slug: string; categoryIds: string[] } | undefined;
    if (channel && !channel.categoryIds.includes(category)) return channelPath(channel);
  }
  return null;
}

/** GET of any path that is no API or file: the page, its status, or a redirect. */
export async function renderPage(c: Context<AppEnv>, files: BuildFiles = buildFiles): Promise<Response> {
  const url = new URL(c.req.url);
  const user = c.get('user');
  const locale = pageLocale(c.req.raw);
  const matches = (matchRoutes(routes, url.pathname) ?? []) as Match[];
  const leaf = matches.at(-1);
  const notFound = !leaf || leaf.route.path === '*';

  // The personal area's second name (web/app.tsx): its guard applies after the redirect.
  if (url.pathname.toLowerCase() === '/mysoherz') return redirect('/mySO', 302);
  const access = guardOf(matches);
  // Where the visitor wanted to go travels along (the browser's guard keeps it in the history state), so that signing
  // in from there leads back to it: an MCP client's consent link (/oauth/authorize?...) must survive the sign-in.
  if (access && !canAccess(access, user))
    return redirect(`${NO_PERMISSION_PATH}?from=${encodeURIComponent(url.pathname + url.search)}`, 302);

  // An imported item's old address (decision 046): before the 404, or on `/` for WordPress's `?p=` form.
  if (notFound || (url.pathname === '/' && url.search)) {
    const moved = await findRedirect(c.get('db'), url);
    if (moved) return redirect(moved, 301);
  }

  const data = requestSeed(serverLoader(c));
  if (!notFound && leaf) {
    const canonical = await misplaced(leaf.params, data.get);
    if (canonical) return redirect(canonical, 301);
  }

  // Guarded routes (the editor's and admin's workspaces) are drawn by the browser: they are nobody's first paint
  // but their user's, and never indexed.
  const rendered = !access;
  const messages = await loadMessages(locale);
  let body = '';
  if (rendered) {
    const stream = await renderToReadableStream(
      <StrictMode>
        <AppProviders start={{ locale, messages, user, seed: data.seed }}>
          <StaticRouter location={url.pathname + url.search}>
            <AppRoutes />
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
  const framings = await pictureFramings(c, body);
  const status = notFound || errors.some(([, e]) => e.code === 404) ? 404 : 200;
  const pageData: PageData = { rendered, locale, user, queries: data.queries(), errors, framings };
  const head: HeadInput = {
    site: siteUrl(c),
    siteDescription: c.env.SITE_DESCRIPTION ?? '',
    body,
    url,
    locale,
    status,
    user,
    guarded: !!access,
    leaf,
    queries: pageData.queries,
    messages,
  };
  const facts = pageFacts(head);
  // The size of the page's picture, for link previews (og:image:width and height).
  const pictureKey = facts.image ? storedPictureKey(facts.image.href) : null;
  const pictureSize = pictureKey ? await storedPictureSize(c.get('db'), pictureKey) : null;
  const template = await files.template(c);
  const view = viewModuleOf(leaf?.route.element);
  // The view's chunk and styles, and the header's search box (lazy in the SPA, rendered here on every page).
  const page = rendered ? await files.pageTags(c, template, [...(view ? [view] : []), SEARCH_BOX_MODULE]) : template;
  // Every replacement that carries data is a function: a replacement string would interpret `$&`, `` $` `` and `$'`
  // in the page's text as parts of the template (test/deploy/string-replacements.test.ts keeps it so).
  const headTags = pageHead(head, facts, pictureSize);
  const root = `<div id="root">${body}</div><script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(pageData)}</script>`;
  const html = page
    .replace(/<html lang="[^"]*">/, () => `<html lang="${locale}">`)
    .replace(/<title>[^<]*<\/title>/, '')
    .replace('</head>', () => `${headTags}</head>`)
    .replace('<div id="root"></div>', () => root);
  return new Response(html, { status, headers: pageHeaders(user, url.pathname.startsWith('/preview/')) });
}

/**
 * True inside Vite's development server (`npm run dev`, @cloudflare/vite-plugin: mode 'development'). The wrangler
 * bundle (`npm start`, deployments) has no import.meta.env; the worker tests run in Vite's mode 'test'.
 */
const VITE_DEV_SERVER = (import.meta as { env?: { MODE?: string } }).env?.MODE === 'development';

/** The module of the header's search box (web/components/site-header): rendered on every page. */
const SEARCH_BOX_MODULE = 'components/search-box/index.tsx';

/** Blob keys of the stored pictures in the rendered HTML, with their framing (GET /imageOptions's query). */
async function pictureFramings(c: Context<AppEnv>, html: string): Promise<PageData['framings']> {
  const keys = [...new Set([...html.matchAll(/\/api\/files\/(image\/[\w.@-]+)/g)].map((m) => m[1]!))].slice(0, 100);
  if (keys.length === 0) return [];
  const found = new Map((await listImageOptions(c.get('db'), keys)).map((o) => [o.blobKey, o]));
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
  // Anonymous pages are what every visitor gets: the edge keeps them (worker/lib/edge-cache.ts); a signed-in page is
  // that user's alone.
  headers.set('Cache-Control', user || confidential ? 'private, no-store' : CACHED_READ_CONTROL);
  // Under `npm run dev` the template is Vite's development page: React Refresh's inline preamble and the views' styles
  // as <style> elements, which the policy refuses. Its pages go without it, as Vite's own pages always did.
  if (VITE_DEV_SERVER) headers.delete('Content-Security-Policy');
  return headers;
}

function redirect(location: string, status: 301 | 302): Response {
  return new Response(null, { status, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
