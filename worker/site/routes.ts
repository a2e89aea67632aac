// The portal's documents for crawlers and feed readers, outside /api: /robots.txt, /sitemap.xml with its files
// under /sitemaps/, and the RSS feeds under /feeds/. All of them are what an anonymous visitor may see, so they
// are kept in the edge cache under the content version of the API's reads (worker/middleware/edge-cache.ts).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { channelFeedPath, channelPath, homePath, isUuid, newsFeedPath, siteOrigin } from '#schema/urls';
import { CACHED_READ_CONTROL, edgeCache } from '../middleware/edge-cache';
import { HttpError, NotFound } from '../lib/errors';
import { logError } from '../middleware/request-log';
import { securityHeaders } from '../middleware/security';
import { channelFeed, newsFeed } from '../queries/feeds';
import {
  articlePrefixes,
  articlePrefixLength,
  isArticlePrefix,
  sitemapArticles,
  sitemapCategories,
  sitemapChannels,
  type SitemapEntry,
} from '../queries/sitemap';
import { SITE_PATHS } from '../paths';
import { languagesOf, type Language } from '#schema/languages';
import {
  articleFeedItem,
  entryUrl,
  newsFeedItem,
  robotsTxt,
  rssFeed,
  sitemapFile,
  sitemapIndex,
  staticPageUrl,
  type SitemapUrl,
} from './xml';

/** The portal's own absolute address: SITE_URL (never the request's Host, which a cached copy would keep). */
export const siteUrl = (c: { env: { SITE_URL?: string } }) => siteOrigin(c.env);

const FEED_LANGUAGE = 'en-US';

const text = (c: Context<AppEnv>, body: string, type: string) =>
  c.body(body, 200, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': CACHED_READ_CONTROL });
const xml = (c: Context<AppEnv>, body: string) => text(c, body, 'application/xml');

/** The pages with no item behind them that the sitemap lists, each in every configured language. */
export const STATIC_SITEMAP_PAGES = ['/'];

/** A sitemap file of items, each with its versions in the configured languages. */
const itemSitemap = (c: Context<AppEnv>, entries: SitemapEntry[]) => {
  const languages = languagesOf(c.env.LANGUAGES);
  return xml(
    c,
    sitemapFile(
      siteUrl(c),
      entries.map((e): SitemapUrl => entryUrl(languages, e)),
    ),
  );
};

/** The path of the sitemap file of the articles whose id starts with `prefix`. */
export const articleSitemapPath = (prefix: string) => `/sitemaps/articles/${prefix || 'all'}.xml`;

/**
 * The feeds in a language (`/de/feeds/news.xml`): the first segment is a short tag (no SPEC route has a segment of
 * two or three letters there). Not in run_worker_first: no static file lies under a language prefix, and
 * not_found_handling "none" hands every path without a file to the worker.
 */
const LANGUAGE_FEEDS = '/:lang{[a-z][a-z][a-z]?}/feeds';

/** The documents' own middleware, on their paths only (the root app's shared middleware runs before it). */
const siteApp = new Hono<AppEnv>();
for (const path of [...SITE_PATHS, `${LANGUAGE_FEEDS}/*`]) {
  siteApp.use(path, securityHeaders, async (c, next) => {
    // Anonymous by design: no session is read, and the edge cache treats every caller alike.
    c.set('user', null);
    await next();
  });
}

/**
 * The configured language of a feed's prefix: NotFound for a short tag no configured language has, and for the
 * default's own (its feeds keep the unprefixed address, as its pages do; decision 055).
 */
function feedLanguage(c: Context<AppEnv>): Language {
  const languages = languagesOf(c.env.LANGUAGES);
  const language = languages.all.find((l) => l.short === c.req.param('lang'));
  if (!language || language.tag === languages.default.tag) throw new NotFound('No such feed');
  return language;
}

/** The news feed; in a language, each item's published translation where it has one (its source otherwise). */
async function newsFeedAnswer(c: Context<AppEnv>, language: Language | null) {
  const db = c.get('db');
  const languages = languagesOf(c.env.LANGUAGES);
  const items = await newsFeed(db, language ?? undefined);
  const options = { languages, language: language ?? undefined };
  return text(
    c,
    rssFeed(siteUrl(c), {
      title: 'SO Portal: news',
      description: 'The newest news of SO Portal',
      path: homePath(options),
      selfPath: newsFeedPath(options),
      language: language?.tag ?? FEED_LANGUAGE,
      items: items.map((item) => newsFeedItem(item, options)),
    }),
    'application/rss+xml',
  );
}

/** A channel's feed; in a language, the channel's and each article's published translation where there is one. */
async function channelFeedAnswer(c: Context<AppEnv>, language: Language | null) {
  const id = /^(.+)\.xml$/.exec(c.req.param('file') ?? '')?.[1];
  if (!id || !isUuid(id)) throw new NotFound('No such feed');
  const db = c.get('db');
  const languages = languagesOf(c.env.LANGUAGES);
  const { channel, items } = await channelFeed(db, id, language ?? undefined);
  const options = { languages, language: language ?? undefined };
  return text(
    c,
    rssFeed(siteUrl(c), {
      title: `SO Portal: ${channel.name}`,
      description: channel.infoText,
      path: channelPath(channel, null, options),
      selfPath: channelFeedPath(channel, options),
      language: language?.tag ?? FEED_LANGUAGE,
      items: items.map((a) => articleFeedItem(a, options)),
    }),
    'application/rss+xml',
  );
}

/** Mounted by the root app (worker/index.ts) beside the pages. */
export const siteRoutes = siteApp
  .get('/robots.txt', (c) => text(c, robotsTxt(siteUrl(c)), 'text/plain'))
  .get('/sitemap.xml', edgeCache(), async (c) => {
    const prefixes = articlePrefixes(await articlePrefixLength(c.get('db')));
    const files = [
      '/sitemaps/pages.xml',
      '/sitemaps/channels.xml',
      '/sitemaps/categories.xml',
      ...prefixes.map(articleSitemapPath),
    ];
    return xml(c, sitemapIndex(siteUrl(c), files));
  })
  .get('/sitemaps/pages.xml', edgeCache(), (c) => {
    const languages = languagesOf(c.env.LANGUAGES);
    return xml(
      c,
      sitemapFile(
        siteUrl(c),
        STATIC_SITEMAP_PAGES.map((path) => staticPageUrl(languages, path)),
      ),
    );
  })
  .get('/sitemaps/channels.xml', edgeCache(), async (c) => itemSitemap(c, await sitemapChannels(c.get('db'))))
  .get('/sitemaps/categories.xml', edgeCache(), async (c) => itemSitemap(c, await sitemapCategories(c.get('db'))))
  .get('/sitemaps/articles/:file', edgeCache(), async (c) => {
    const name = /^([0-9a-f]{1,4}|all)\.xml$/.exec(c.req.param('file'))?.[1];
    if (!name) throw new NotFound('No such sitemap');
    const prefix = name === 'all' ? '' : name;
    // Only the files the index names: another split would list the same articles twice.
    const digits = await articlePrefixLength(c.get('db'));
    if (!isArticlePrefix(prefix) || prefix.length !== digits) throw new NotFound('No such sitemap');
    return itemSitemap(c, await sitemapArticles(c.get('db'), prefix));
  })
  .get('/feeds/news.xml', edgeCache(), (c) => newsFeedAnswer(c, null))
  .get('/feeds/chan/:file', edgeCache(), (c) => channelFeedAnswer(c, null))
  .get(`${LANGUAGE_FEEDS}/news.xml`, edgeCache(), (c) => newsFeedAnswer(c, feedLanguage(c)))
  .get(`${LANGUAGE_FEEDS}/chan/:file`, edgeCache(), (c) => channelFeedAnswer(c, feedLanguage(c)))
  // A document path with no document is no page either.
  .on('ALL', [...SITE_PATHS, `${LANGUAGE_FEEDS}/*`], (c) => c.text('Not found', 404))
  .onError((err, c) => {
    if (err instanceof HttpError) return c.text(err.message, err.status);
    logError(c, 'Unhandled error', err);
    return c.text('Internal server error', 500);
  });
