import { languagePath, type Language, type Languages } from './languages';

// Every public URL of the portal, built in one place for both sides: the SPA's links, the server's canonicals,
// Open Graph and JSON-LD (worker/pages/head.ts), the sitemaps and feeds (worker/site), and the mails
// (worker/services/notices.ts). An item is named by its slug where it has one (the readable, canonical form) and by
// its id otherwise; the id form keeps answering. Each builder takes the item and, last, UrlOptions: a language
// becomes one more option there (issue 29), so no caller spells a path itself. docs/decisions/041-pages-and-urls.md
const seg = encodeURIComponent;

/** An item a URL names: its id, and its slug when the caller has it. A bare string is used as it is (id or slug). */
export type UrlRef = string | { id: string; slug?: string | null | undefined };

/**
 * What every builder may be told besides the item: the language of the URL (issue 29) with the configured
 * languages. The default language keeps the SPEC's path; any other is prefixed with its short tag (`/de/...`), in
 * one place (`localized` below). Without a language the path is the default's, which is also what the SPA's links
 * want: its router carries the language as its basename (web/app.tsx), so a link inside the app stays in it.
 */
export interface UrlOptions {
  languages?: Languages | undefined;
  language?: Language | string | null | undefined;
}

/** The segment that names an item: its slug where it has one, else its id. */
export const itemSegment = (ref: UrlRef) => seg(typeof ref === 'string' ? ref : ref.slug || ref.id);

/** The one place a path is finished (the language prefix goes here). */
const localized = (path: string, options?: UrlOptions) =>
  options?.languages && options.language ? languagePath(options.languages, options.language, path) : path;

/** Where an article is shown from: on its own, inside its channel, or inside a category (and its channel). */
export interface ArticleContext {
  channel?: UrlRef | null | undefined;
  category?: UrlRef | null | undefined;
}

const categorySegment = (category: UrlRef) => `/category/${itemSegment(category)}`;
const channelSegment = (channel: UrlRef, category?: UrlRef | null) =>
  category ? `${categorySegment(category)}/c/${itemSegment(channel)}` : `/chan/${itemSegment(channel)}`;

/** /category/{slug}. */
export const categoryPath = (category: UrlRef, options?: UrlOptions) => localized(categorySegment(category), options);

/** /chan/{slug}, or /category/{category}/c/{slug} when reached from a category. */
export const channelPath = (channel: UrlRef, category?: UrlRef | null, options?: UrlOptions) =>
  localized(channelSegment(channel, category), options);

/**
 * An article, inside the channel and category it was reached from: /article/{slug}, /chan/{c}/a/{slug},
 * /category/{k}/a/{slug} or /category/{k}/c/{c}/a/{slug}. Without a context it is the article's canonical URL.
 */
export function articlePath(article: UrlRef, context: ArticleContext = {}, options?: UrlOptions): string {
  const { channel, category } = context;
  if (channel) return localized(`${channelSegment(channel, category)}/a/${itemSegment(article)}`, options);
  if (category) return localized(`${categorySegment(category)}/a/${itemSegment(article)}`, options);
  return localized(`/article/${itemSegment(article)}`, options);
}

/** /author/{username}: an author's published articles. */
export const authorPath = (author: { username: string }, options?: UrlOptions) =>
  localized(`/author/${seg(author.username)}`, options);

/** What a news item, a like, an access request, a mail or a publication points at. */
export const contentPath = (kind: 'article' | 'channel', ref: UrlRef, options?: UrlOptions) =>
  kind === 'article' ? articlePath(ref, {}, options) : channelPath(ref, null, options);

/** The RSS feed of a channel (by id: a feed reader's subscription outlives a renamed slug), and of the news. */
export const channelFeedPath = (channel: { id: string }, options?: UrlOptions) =>
  localized(`/feeds/chan/${seg(channel.id)}.xml`, options);
export const NEWS_FEED_PATH = '/feeds/news.xml';
/** The news feed in a language: /feeds/news.xml, /de/feeds/news.xml. */
export const newsFeedPath = (options?: UrlOptions) => localized(NEWS_FEED_PATH, options);

/** The search page for a text ({search_term_string} stays a template for the WebSite's SearchAction). */
export const searchPath = (text: string, options?: UrlOptions) =>
  localized(`/search?q=${text === '{search_term_string}' ? text : seg(text)}`, options);

/** The home page. */
export const homePath = (options?: UrlOptions) => localized('/', options);

/** A path made absolute on the portal's own address (SITE_URL, without a trailing slash). */
export const absoluteUrl = (site: string, path: string) => site.replace(/\/+$/, '') + path;

/** An article, channel or news item in the editor workspace: its edit form (where a declined publication is fixed). */
export const workspaceItemPath = (kind: 'article' | 'channel' | 'news', id: string) =>
  `/myaccount/${kind === 'news' ? 'news' : `${kind}s`}/${seg(id)}`;

/** The portal's own address (SITE_URL, without a trailing slash): never a request's Host, which a cache would keep. */
export const siteOrigin = (env: { SITE_URL?: string }) => (env.SITE_URL ?? '').replace(/\/+$/, '');

/** A uuid (an item's id) as a pattern's source, to build a larger pattern from. */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID = new RegExp(`^${UUID_SOURCE}$`, 'i');
/** Whether a route's segment is an id (a uuid) rather than a slug. */
export const isUuid = (value: string) => UUID.test(value);
