// The <head> of a rendered page for search engines and link previews: title, description, canonical URL, Open
// Graph and Twitter card, robots, alternate feeds, and JSON-LD (NewsArticle, BreadcrumbList, WebSite with its
// SearchAction). Built from the same answers the page was rendered with; every value is escaped, every URL absolute.
import type { RouteMatch } from 'react-router';
import type { Article, Author, ChannelSummary, SessionUser } from '#schema/entities';
import { absoluteUrl, articlePath, authorPath, categoryPath, channelPath } from '#schema/urls';
import { findLanguage, languagePath, type Language, type Languages } from '#schema/languages';
import type { StoredPictureSize } from '../services/picture-sizes';
import type { ScreenHandle } from '#web/app';
import type { QueryKey } from '#web/data/keys';
import { queries, type QueryDef } from '#web/data/queries';
import type { Locale, Messages } from '#web/i18n';
import type { CrumbDef } from '#web/navigation';
import { excerpt, SITE_IMAGE, SITE_NAME } from '#web/routes/+shared/head-kit';
import type { PageFacts } from '#web/routes/+shared/route-kit';

export { excerpt, SITE_IMAGE, SITE_NAME, type PageFacts };

/**
 * The width link previews ask for (Facebook and LinkedIn: 1200 px for a large card): og:image is the narrowest copy of
 * at least this width, else the original.
 */
export const PREVIEW_WIDTH = 1200;
export interface HeadInput {
  /** SITE_URL: the portal's own address, for every absolute URL. */
  site: string;
  /** SITE_DESCRIPTION: what the portal is, the description of pages that have none of their own. */
  siteDescription: string;
  url: URL;
  /** The page's path inside its language's prefix (the SPEC's path: what the route table matched). */
  path: string;
  /** The configured languages, and the page's (its URL's). */
  languages: Languages;
  language: Language;
  locale: Locale;
  status: number;
  user: SessionUser | null;
  guarded: boolean;
  leaf: RouteMatch | undefined;
  queries: [QueryKey, unknown][];
  messages: Messages;
  /** The rendered body: a page with nothing more telling is described by its first lines. */
  body: string;
}

const escape = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** JSON inside <script>: nothing in it can end the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026');

/** The picture a link preview shows, with its size when the upload recorded it (worker/services/picture-sizes.ts). */
interface PreviewImage {
  url: string;
  width?: number;
  height?: number;
}

/** The blob key of a stored picture's href, or null for anything else. */
export const storedPictureKey = (href: string) => /^\/api\/files\/(image\/[\w.-]+)$/.exec(href)?.[1] ?? null;

/**
 * The copy a link preview gets: the narrowest copy at least PREVIEW_WIDTH wide, else the original, each with its size.
 * Without a recorded size, the 1920 px copy's URL (the original when there is none) and no size, as before sizes
 * were recorded.
 */
export function previewImage(href: string, size: StoredPictureSize | null): PreviewImage {
  if (!size) return { url: storedPictureKey(href) && !href.endsWith('.gif') ? `${href}?w=1920` : href };
  const copy = size.copies.find((c) => c.width >= PREVIEW_WIDTH);
  if (copy) return { url: `${href}?w=${copy.w}`, width: copy.width, height: copy.height };
  return { url: href, width: size.width, height: size.height };
}

/**
 * The page's head tags. `pictureSize` is the recorded size of the page's picture (facts.image), which the caller
 * looks up (worker/pages/render.tsx).
 */
export function pageHead(
  input: HeadInput,
  facts: PageFacts = pageFacts(input),
  pictureSize: StoredPictureSize | null = null,
): string {
  const abs = (path: string) => absoluteUrl(input.site, path);
  const image = facts.image ? previewImage(facts.image.href, pictureSize) : { url: SITE_IMAGE.href, ...SITE_IMAGE };
  const title = facts.title === SITE_NAME ? SITE_NAME : `${facts.title} – ${SITE_NAME}`;
  // The canonical is in the language of the page's text: the source's, where the page's language has none (the
  // fallback), so a search engine indexes the one version that says it.
  const textLanguage = findLanguage(input.languages, facts.textLanguage) ?? input.language;
  const inLanguage = (language: string, path: string) => abs(languagePath(input.languages, language, path));
  const canonical = inLanguage(textLanguage.tag, facts.canonicalPath);
  // A page kept out of the index (search results, errors, guarded screens) names no versions: alternates would invite
  // a search engine to pages it must not index, and a search page's would repeat the visitor's query (decision 055).
  const versions = facts.noindex ? [] : (facts.versions ?? []).filter((v) => findLanguage(input.languages, v.language));
  const xDefault = versions.find((v) => v.language === input.languages.default.tag) ?? versions[0];
  const tags = [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(facts.description)}">`,
    `<link rel="canonical" href="${escape(canonical)}">`,
    ...versions.map(
      (v) => `<link rel="alternate" hreflang="${v.language}" href="${escape(inLanguage(v.language, v.path))}">`,
    ),
    xDefault
      ? `<link rel="alternate" hreflang="x-default" href="${escape(inLanguage(xDefault.language, xDefault.path))}">`
      : '',
    facts.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:title" content="${escape(facts.title)}">`,
    `<meta property="og:description" content="${escape(facts.description)}">`,
    `<meta property="og:type" content="${facts.type}">`,
    `<meta property="og:url" content="${escape(canonical)}">`,
    `<meta property="og:locale" content="${ogLocale(textLanguage.tag)}">`,
    ...versions
      .filter((v) => v.language !== textLanguage.tag)
      .map((v) => `<meta property="og:locale:alternate" content="${ogLocale(v.language)}">`),
    `<meta property="og:image" content="${escape(abs(image.url))}">`,
    image.width ? `<meta property="og:image:width" content="${image.width}">` : '',
    image.height ? `<meta property="og:image:height" content="${image.height}">` : '',
    `<meta property="og:image:alt" content="${escape(facts.image?.alt ?? SITE_NAME)}">`,
    ...(facts.video ? videoTags(facts.video, abs) : []),
    `<meta name="twitter:card" content="${facts.image ? 'summary_large_image' : 'summary'}">`,
    ...facts.feeds.map(
      (feed) =>
        // The page's language's feed (`/de/feeds/news.xml` under /de/, decision 055).
        `<link rel="alternate" type="application/rss+xml" title="${escape(feed.title)}" href="${escape(languagePath(input.languages, input.language, feed.path))}">`,
    ),
    ...facts.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('');
}

/** Open Graph's form of a language tag: `de_DE`. */
const ogLocale = (tag: string) => tag.replaceAll('-', '_');

/** The MIME type of a stored video by its file name (og:video:type); null when unknown. */
const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};
export const videoType = (href: string) => VIDEO_TYPES[/\.(\w+)$/.exec(href)?.[1]?.toLowerCase() ?? ''] ?? null;

/** og:video of a page's video (its size is not recorded, so no width and height). */
function videoTags(video: { href: string }, abs: (path: string) => string): string[] {
  const type = videoType(video.href);
  return [
    `<meta property="og:video" content="${escape(abs(video.href))}">`,
    `<meta property="og:video:secure_url" content="${escape(abs(video.href))}">`,
    type ? `<meta property="og:video:type" content="${type}">` : '',
  ];
}

/** The loaded answer of a query or key (the render asked for it), if it came. */
function answer<T>(queries: [QueryKey, unknown][], query: QueryDef<T> | QueryKey): T | undefined {
  const id = JSON.stringify('key' in query ? query.key : query);
  return queries.find(([k]) => JSON.stringify(k) === id)?.[1] as T | undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };
/**
 * The first lines of the page's main content: its paragraphs' text (the heading is the title already), for a page
 * that has no description of its own. Empty when it has none.
 */
export function firstLines(body: string): string {
  const start = body.indexOf('<main');
  const main = start < 0 ? '' : body.slice(start, body.indexOf('</main>', start) >>> 0);
  const text = [...main.matchAll(/<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/g)]
    .map((m) => m[1]!.replace(/<[^>]*>/g, ' '))
    .join(' ')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);
  return excerpt(text);
}

/**
 * The page's facts: the matched route module's own head (its route.ts under web/routes/) over the base, the not-found head
 * when what it shows is not there; a screen without a head of its own is named by its handle or its last crumb and
 * described by its first lines.
 */
export function pageFacts(input: HeadInput): PageFacts {
  const { messages, leaf } = input;
  const params = leaf?.params ?? {};
  const handle = leaf?.route.handle as ScreenHandle | undefined;
  const t = (id: string) => messages[id] ?? id;
  const abs = (path: string) => absoluteUrl(input.site, path);
  const defs = handle?.crumbs?.(params) ?? [];
  const crumbs = breadcrumbList(input, defs);
  const pageAnswer = <T>(query: QueryDef<T> | QueryKey) => answer<T>(input.queries, query);
  const base: PageFacts = {
    title: SITE_NAME,
    description: input.siteDescription,
    canonicalPath: input.path,
    // An item's page names its item's versions; a page that is no item's is the same page in every language.
    versions: handle?.screen.versions
      ? (handle.screen.versions({ params, answer: pageAnswer, queries }) ?? [])
      : input.languages.all.map((l) => ({ language: l.tag, path: input.path })),
    type: 'website',
    image: null,
    noindex: input.status !== 200 || input.guarded,
    feeds: [],
    jsonLd: crumbs ? [crumbs] : [],
  };
  const notFound = { ...base, title: t('notFound.title'), noindex: true };
  const own = handle?.screen.head?.({
    params,
    answer: pageAnswer,
    queries,
    base,
    t,
    abs,
    locale: input.locale,
    siteDescription: input.siteDescription,
  });
  if (own === null) return notFound;
  if (input.status === 404) return { ...notFound, description: t('notFound.text') };
  if (own) return { ...base, ...own };
  const last = defs.at(-1);
  const title = handle?.title ? t(handle.title) : last?.kind === 'label' ? t(last.key) : SITE_NAME;
  const noindex = base.noindex || handle?.screen.noindex === true;
  return { ...base, title, description: firstLines(input.body) || input.siteDescription, noindex };
}

/** The page's breadcrumbs as schema.org's BreadcrumbList, each name as written (null: no crumbs). */
function breadcrumbList(input: HeadInput, defs: CrumbDef[]): unknown {
  const items: { name: string; path: string | undefined }[] = [];
  const t = (id: string) => input.messages[id] ?? id;
  for (const def of defs) {
    if (def.kind === 'label') items.push({ name: t(def.key), path: def.to });
    else if (def.kind === 'article') {
      const article = answer<Article>(input.queries, queries.article(def.id));
      if (article) items.push({ name: article.title, path: def.to ?? articlePath(article) });
    } else if (def.kind === 'channel') {
      const channel = answer<ChannelSummary>(input.queries, queries.channelSummary(def.id));
      if (channel) items.push({ name: channel.name, path: def.to ?? channelPath(channel) });
    } else if (def.kind === 'author') {
      const author = answer<Author>(input.queries, queries.author(def.username));
      if (author) items.push({ name: author.displayName, path: authorPath(author) });
    } else {
      const id = answer<string>(input.queries, queries.categoryId(def.idOrSlug));
      const trail =
        id === undefined
          ? undefined
          : answer<{ id: string; title: string }[]>(input.queries, queries.categoryRoute(id));
      for (const c of trail ?? []) items.push({ name: c.title, path: categoryPath(c.id) });
    }
  }
  if (items.length < 2) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absoluteUrl(input.site, languagePath(input.languages, input.language, item.path ?? input.path)),
    })),
  };
}
