// The <head> of a rendered page for search engines and link previews: title, description, canonical URL, Open
// Graph and Twitter card, robots, alternate feeds, and JSON-LD (NewsArticle, BreadcrumbList, WebSite with its
// SearchAction). Built from the same answers the page was rendered with; every value is escaped, every URL absolute.
import type { RouteMatch } from 'react-router';
import type { Article, ArticlePage, Author, Category, ChannelSummary, SessionUser } from '../../schema/entities';
import type { CategoryChildren } from '../../worker/queries/categories';
import {
  absoluteUrl,
  articlePath,
  authorPath,
  categoryPath,
  channelFeedPath,
  channelPath,
  homePath,
  NEWS_FEED_PATH,
  searchPath,
} from '../../schema/urls';
import type { StoredPictureSize } from '../../worker/services/picture-sizes';
import type { QueryKey } from '../data/keys';
import type { Locale, Messages } from '../i18n';
import type { CrumbDef, RouteHandle } from '../navigation';

export const SITE_NAME = 'SO Portal';
/** How much of a text a description keeps. */
const DESCRIPTION_LENGTH = 160;
/**
 * The width link previews ask for (Facebook and LinkedIn: 1200 px for a large card): og:image is the narrowest copy of
 * at least this width, else the original.
 */
export const PREVIEW_WIDTH = 1200;
/** The site's picture: og:image of every page that has none of its own (web/public/icon-512.png). */
export const SITE_IMAGE = { href: '/icon-512.png', width: 512, height: 512 };

export interface HeadInput {
  /** SITE_URL: the portal's own address, for every absolute URL. */
  site: string;
  /** SITE_DESCRIPTION: what the portal is, the description of pages that have none of their own. */
  siteDescription: string;
  url: URL;
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

/** The start of a text, cut at a word, with an ellipsis when cut. */
export function excerpt(text: string, length = DESCRIPTION_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length / 2))}…`;
}

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
}

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
 * looks up (web/server/render.tsx).
 */
export function pageHead(
  input: HeadInput,
  facts: PageFacts = pageFacts(input),
  pictureSize: StoredPictureSize | null = null,
): string {
  const abs = (path: string) => absoluteUrl(input.site, path);
  const image = facts.image ? previewImage(facts.image.href, pictureSize) : { url: SITE_IMAGE.href, ...SITE_IMAGE };
  const title = facts.title === SITE_NAME ? SITE_NAME : `${facts.title} – ${SITE_NAME}`;
  const tags = [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(facts.description)}">`,
    `<link rel="canonical" href="${escape(abs(facts.canonicalPath))}">`,
    facts.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:title" content="${escape(facts.title)}">`,
    `<meta property="og:description" content="${escape(facts.description)}">`,
    `<meta property="og:type" content="${facts.type}">`,
    `<meta property="og:url" content="${escape(abs(facts.canonicalPath))}">`,
    `<meta property="og:locale" content="${input.locale.replace('-', '_')}">`,
    `<meta property="og:image" content="${escape(abs(image.url))}">`,
    image.width ? `<meta property="og:image:width" content="${image.width}">` : '',
    image.height ? `<meta property="og:image:height" content="${image.height}">` : '',
    `<meta property="og:image:alt" content="${escape(facts.image?.alt ?? SITE_NAME)}">`,
    ...(facts.video ? videoTags(facts.video, abs) : []),
    `<meta name="twitter:card" content="${facts.image ? 'summary_large_image' : 'summary'}">`,
    ...facts.feeds.map(
      (feed) =>
        `<link rel="alternate" type="application/rss+xml" title="${escape(feed.title)}" href="${escape(feed.path)}">`,
    ),
    ...facts.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('');
}

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

/** The loaded answer of a key (the render asked for it), if it came. */
function answer<T>(queries: [QueryKey, unknown][], key: QueryKey): T | undefined {
  const id = JSON.stringify(key);
  return queries.find(([k]) => JSON.stringify(k) === id)?.[1] as T | undefined;
}

/** The page's picture, when it has one. */
const picture = (href: string | null | undefined, alt: string) => (href ? { href, alt } : null);

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

/** A list's description: what it is, and the first of what it lists. */
const listDescription = (label: string, names: string[]) =>
  names.length > 0 ? excerpt(`${label}: ${names.slice(0, 8).join(', ')}`) : '';

export function pageFacts(input: HeadInput): PageFacts {
  const { queries, messages, leaf, url } = input;
  const params = leaf?.params ?? {};
  const handle = leaf?.route.handle as RouteHandle | undefined;
  const t = (id: string) => messages[id] ?? id;
  const abs = (path: string) => absoluteUrl(input.site, path);
  const site = {
    '@type': 'Organization',
    name: SITE_NAME,
    url: abs(homePath()),
    logo: { '@type': 'ImageObject', url: abs(SITE_IMAGE.href) },
  };
  const crumbs = breadcrumbList(input, handle?.crumbs?.(params) ?? []);
  const base: PageFacts = {
    title: SITE_NAME,
    description: input.siteDescription,
    canonicalPath: url.pathname,
    type: 'website',
    image: null,
    noindex: input.status !== 200 || input.guarded,
    feeds: [],
    jsonLd: crumbs ? [crumbs] : [],
  };
  const notFound = { ...base, title: t('notFound.title'), noindex: true };

  if (params.articleId !== undefined) {
    const article = answer<Article>(queries, ['article', params.articleId]);
    if (!article) return notFound;
    const gallery = article.media?.kind === 'gallery' ? article.media.images : [];
    const href = article.thumbnailHref ?? gallery[0]?.href;
    // A gallery picture says what it shows in its title (the API's thumbnail is often the first of them).
    const image = picture(href, gallery.find((g) => g.href === href)?.title || article.title);
    const description = excerpt(article.teaser || article.description || article.title);
    const canonicalPath = articlePath(article);
    const gated = article.restricted || article.locked;
    const video = article.media?.kind === 'video' ? article.media.videos[0] : undefined;
    return {
      ...base,
      title: article.title,
      description,
      canonicalPath,
      type: 'article',
      image,
      video: video ? { href: video.href } : null,
      noindex: base.noindex || !article.published || article.hidden || article.locked,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'NewsArticle',
          headline: article.title,
          description,
          url: abs(canonicalPath),
          mainEntityOfPage: abs(canonicalPath),
          ...(image ? { image: [abs(image.href)] } : {}),
          datePublished: article.createdAt,
          dateModified: article.updatedAt,
          inLanguage: input.locale,
          ...(article.author
            ? { author: { '@type': 'Person', name: article.author.displayName, url: abs(authorPath(article.author)) } }
            : { author: site }),
          publisher: site,
          ...(gated
            ? {
                isAccessibleForFree: false,
                hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.article-description' },
              }
            : {}),
        },
        ...base.jsonLd,
      ],
    };
  }
  if (params.channelId !== undefined) {
    const channel = answer<ChannelSummary>(queries, ['channel', params.channelId, 'summary']);
    if (!channel) return notFound;
    return {
      ...base,
      title: channel.name,
      description: excerpt(channel.infoText) || input.siteDescription,
      canonicalPath: channelPath(channel),
      image: picture(channel.bannerHref ?? channel.portraitHref, channel.name),
      noindex: base.noindex || !channel.published || channel.hidden || channel.private,
      feeds: [{ title: `${SITE_NAME}: ${channel.name}`, path: channelFeedPath(channel) }],
    };
  }
  if (params.categoryId !== undefined) {
    const id = answer<string>(queries, ['category-id', params.categoryId]);
    const category = id === undefined ? undefined : answer<Category>(queries, ['category', id]);
    if (!category) return notFound;
    const children = answer<CategoryChildren>(queries, ['category', category.id, 'children']);
    return {
      ...base,
      title: category.title,
      description:
        listDescription(category.title, [
          ...(children?.categories.map((c) => c.title) ?? []),
          ...(children?.channels.map((c) => c.name) ?? []),
          ...(children?.articles.map((a) => a.title) ?? []),
        ]) || excerpt(`${t('categories')}: ${category.title}`),
      canonicalPath: categoryPath(category),
      image: picture(category.imageHref, category.title),
    };
  }
  if (params.username !== undefined) {
    const author = answer<Author>(queries, ['author', params.username]);
    if (!author) return notFound;
    const pages = answer<ArticlePage[]>(queries, ['author', params.username, 'articles']);
    return {
      ...base,
      title: author.displayName,
      description:
        listDescription(author.displayName, pages?.[0]?.items.map((a) => a.title) ?? []) || input.siteDescription,
      canonicalPath: authorPath(author),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ProfilePage',
          mainEntity: { '@type': 'Person', name: author.displayName },
        },
        ...base.jsonLd,
      ],
    };
  }
  if (input.status === 404) return { ...notFound, description: t('notFound.text') };
  if (url.pathname === homePath()) {
    return {
      ...base,
      canonicalPath: homePath(),
      feeds: [{ title: `${SITE_NAME}: ${t('home.title')}`, path: NEWS_FEED_PATH }],
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE_NAME,
          description: input.siteDescription,
          url: abs(homePath()),
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: abs(searchPath('{search_term_string}')) },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    };
  }
  // The other pages: the title is their handle's or their crumb's; the description their first lines, else the
  // site's; search results are not for indexing.
  const last = handle?.crumbs?.(params).at(-1);
  const title = handle?.title ? t(handle.title) : last?.kind === 'label' ? t(last.key) : SITE_NAME;
  return {
    ...base,
    title,
    description: firstLines(input.body) || input.siteDescription,
    noindex: base.noindex || url.pathname === '/search',
  };
}

/** The page's breadcrumbs as schema.org's BreadcrumbList, each name as written (null: no crumbs). */
function breadcrumbList(input: HeadInput, defs: CrumbDef[]): unknown {
  const items: { name: string; path: string | undefined }[] = [];
  const t = (id: string) => input.messages[id] ?? id;
  for (const def of defs) {
    if (def.kind === 'label') items.push({ name: t(def.key), path: def.to });
    else if (def.kind === 'article') {
      const article = answer<Article>(input.queries, ['article', def.id]);
      if (article) items.push({ name: article.title, path: def.to ?? articlePath(article) });
    } else if (def.kind === 'channel') {
      const channel = answer<ChannelSummary>(input.queries, ['channel', def.id, 'summary']);
      if (channel) items.push({ name: channel.name, path: def.to ?? channelPath(channel) });
    } else if (def.kind === 'author') {
      const author = answer<Author>(input.queries, ['author', def.username]);
      if (author) items.push({ name: author.displayName, path: authorPath(author) });
    } else {
      const id = answer<string>(input.queries, ['category-id', def.idOrSlug]);
      const trail =
        id === undefined
          ? undefined
          : answer<{ id: string; title: string }[]>(input.queries, ['category', id, 'route']);
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
      item: absoluteUrl(input.site, item.path ?? input.url.pathname),
    })),
  };
}
