// The portal's documents for crawlers and feed readers, outside /api: /robots.txt, /sitemap.xml with its files
// under /sitemaps/, and the RSS feeds under /feeds/. All of them are what an anonymous visitor may see, so they
// are kept in the edge cache under the content version of the API's reads (worker/middleware/edge-cache.ts).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { channelFeedPath, channelPath, homePath, isUuid, NEWS_FEED_PATH, siteOrigin } from '#schema/urls';
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
import { languagesOf } from '#schema/languages';
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

/** The documents' own middleware, on their paths only (the root app's shared middleware runs before it). */
const siteApp = new Hono<AppEnv>();
for (const path of SITE_PATHS) {
  siteApp.use(path, securityHeaders, async (c, next) => {
    // Anonymous by design: no session is read, and the edge cache treats every caller alike.
    c.set('user', null);
    await next();
  });
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
  .get('/feeds/news.xml', edgeCache(), async (c) => {
    const items = await newsFeed(c.get('db'));
    return text(
      c,
      rssFeed(siteUrl(c), {
        title: 'SO Portal: news',
        description: 'The newest news of SO Portal',
        path: homePath(),
        selfPath: NEWS_FEED_PATH,
        language: FEED_LANGUAGE,
        items: items.map(newsFeedItem),
      }),
      'application/rss+xml',
    );
  })
  .get('/feeds/chan/:file', edgeCache(), async (c) => {
    const id = /^(.+)\.xml$/.exec(c.req.param('file'))?.[1];
    if (!id || !isUuid(id)) throw new NotFound('No such feed');
    const { channel, items } = await channelFeed(c.get('db'), id);
    return text(
      c,
      rssFeed(siteUrl(c), {
        title: `SO Portal: ${channel.name}`,
        description: channel.infoText,
        path: channelPath(channel),
        selfPath: channelFeedPath(channel),
        language: FEED_LANGUAGE,
        items: items.map(articleFeedItem),
      }),
      'application/rss+xml',
    );
  })
  // A document path with no document is no page either.
  .on('ALL', [...SITE_PATHS], (c) => c.text('Not found', 404))
  .onError((err, c) => {
    if (err instanceof HttpError) return c.text(err.message, err.status);
    logError(c, 'Unhandled error', err);
    return c.text('Internal server error', 500);
  });
