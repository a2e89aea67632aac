// The text of the crawler-facing documents: robots.txt, the sitemap index and its files, and the RSS feeds.
// Every value is escaped here; every URL in them is absolute, on the portal's own address (SITE_URL).
import type { ArticleSummary, NewsItem } from '#schema/entities';
import type { SitemapEntry } from '../queries/sitemap';
import { findLanguage, languagePath, type Languages } from '#schema/languages';
import { absoluteUrl, articlePath, categoryPath, channelPath, contentPath, type UrlOptions } from '#schema/urls';

/** Escapes text for XML content and attribute values (also drops the control characters XML 1.0 forbids). */
export function xmlEscape(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these control characters: they are what goes.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
  );
}

/** The paths no crawler has a reason to visit: the API (but its files), and the pages of accounts. */
export const PRIVATE_PATHS = [
  '/api/',
  '/myaccount',
  '/appManagement',
  '/mySO',
  '/mysoherz',
  '/login',
  '/register',
  '/forgot-password',
  '/no-permission',
  '/search',
];

export function robotsTxt(site: string): string {
  return [
    'User-agent: *',
    'Allow: /api/files/',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

export function sitemapIndex(site: string, files: string[]): string {
  const entries = files.map((file) => `<sitemap><loc>${xmlEscape(absoluteUrl(site, file))}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** One page of the sitemap in all its languages: each version is a <url> naming every version (and x-default). */
export interface SitemapUrl {
  /** The page in each language (full tag), the x-default's first. */
  versions: { language: string; path: string }[];
  /** Epoch milliseconds; none for a page without a time of change. */
  lastmod?: number;
  images: { href: string; title: string }[];
}

const entryPath = (entry: Pick<SitemapEntry, 'kind'>, ref: SitemapEntry['ref'], options: UrlOptions) =>
  entry.kind === 'article'
    ? articlePath(ref, {}, options)
    : entry.kind === 'channel'
      ? channelPath(ref, null, options)
      : categoryPath(ref, options);

/**
 * An item's versions: the source at its language's URL (the x-default), then each published translation in a
 * configured language at its own slug under its prefix. A translation in a language no longer configured is left out.
 */
export function entryUrl(languages: Languages, entry: SitemapEntry): SitemapUrl {
  const source = {
    language: entry.language,
    path: entryPath(entry, entry.ref, { languages, language: entry.language }),
  };
  const translated = entry.translations.flatMap((t) => {
    const language = findLanguage(languages, t.language);
    if (!language || language.tag === entry.language) return [];
    return [
      { language: language.tag, path: entryPath(entry, { id: entry.ref.id, slug: t.slug }, { languages, language }) },
    ];
  });
  return { versions: [source, ...translated], lastmod: entry.lastmod, images: entry.images };
}

/** A page with no text of its own (the home page): one version in every configured language, the default's first. */
export const staticPageUrl = (languages: Languages, path: string): SitemapUrl => ({
  versions: languages.all.map((l) => ({ language: l.tag, path: languagePath(languages, l, path) })),
  images: [],
});

export function sitemapFile(site: string, pages: SitemapUrl[]): string {
  const urls = pages.flatMap((page) => {
    const images = page.images.map(
      (i) =>
        `<image:image><image:loc>${xmlEscape(absoluteUrl(site, i.href))}</image:loc>${
          i.title ? `<image:title>${xmlEscape(i.title)}</image:title>` : ''
        }</image:image>`,
    );
    const link = (hreflang: string, path: string) =>
      `<xhtml:link rel="alternate" hreflang="${xmlEscape(hreflang)}" href="${xmlEscape(absoluteUrl(site, path))}"/>`;
    const alternates = [
      ...page.versions.map((v) => link(v.language, v.path)),
      ...(page.versions[0] ? [link('x-default', page.versions[0].path)] : []),
    ].join('');
    const lastmod = page.lastmod === undefined ? '' : `<lastmod>${new Date(page.lastmod).toISOString()}</lastmod>`;
    return page.versions.map(
      (v) => `<url><loc>${xmlEscape(absoluteUrl(site, v.path))}</loc>${lastmod}${alternates}${images.join('')}</url>`,
    );
  });
  return (
    `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ` +
    `xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

export interface FeedItem {
  title: string;
  path: string;
  /** ISO date. */
  date: string;
  summary: string;
  pictureHref: string | null;
}

export interface Feed {
  title: string;
  description: string;
  /** The page the feed belongs to. */
  path: string;
  /** The feed's own address. */
  selfPath: string;
  language: string;
  items: FeedItem[];
}

const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** An RSS 2.0 document (with atom:link to itself, and each item's picture as media:content). */
export function rssFeed(site: string, feed: Feed): string {
  const items = feed.items.map((item) => {
    const link = xmlEscape(absoluteUrl(site, item.path));
    return [
      '<item>',
      `<title>${xmlEscape(item.title)}</title>`,
      `<link>${link}</link>`,
      `<guid isPermaLink="true">${link}</guid>`,
      `<pubDate>${rfc822(item.date)}</pubDate>`,
      `<description>${xmlEscape(item.summary)}</description>`,
      item.pictureHref ? `<media:content url="${xmlEscape(absoluteUrl(site, item.pictureHref))}" medium="image"/>` : '',
      '</item>',
    ].join('');
  });
  const newest = feed.items[0]?.date;
  return [
    XML_HEAD.trimEnd(),
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    `<title>${xmlEscape(feed.title)}</title>`,
    `<link>${xmlEscape(absoluteUrl(site, feed.path))}</link>`,
    `<description>${xmlEscape(feed.description || feed.title)}</description>`,
    `<language>${xmlEscape(feed.language)}</language>`,
    newest ? `<lastBuildDate>${rfc822(newest)}</lastBuildDate>` : '',
    `<atom:link href="${xmlEscape(absoluteUrl(site, feed.selfPath))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The public page of a news item's target. */
export const newsItemPath = (item: NewsItem) => contentPath(item.ref.kind, item.ref);

/**
 * A news item in the feed (in a language, as the news list answers it there: its translation's text and its
 * target's translated slug), under the language's prefix.
 */
export const newsFeedItem = (item: NewsItem, options?: UrlOptions): FeedItem => ({
  title: item.title,
  path: contentPath(item.ref.kind, item.ref, options),
  date: item.publishedAt,
  summary: item.teaser || item.description,
  pictureHref: item.thumbnailHref,
});

/** An article of a channel's feed links to the article's one canonical address (in the feed's language). */
export const articleFeedItem = (article: ArticleSummary, options?: UrlOptions): FeedItem => ({
  title: article.title,
  path: articlePath(article, {}, options),
  date: article.createdAt,
  summary: article.teaser,
  pictureHref: article.thumbnailHref,
});
