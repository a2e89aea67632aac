// The home page's first picture, named in its HTML. The SPA learns which picture is the page's largest only once
// its JavaScript has run and the news have come: on a slow phone that is seconds after the HTML. For GET / the
// worker reads the first news item (as a visitor: the edge-cached read) and adds a preload of its thumbnail, with
// the srcset and sizes the card's <img> asks for, so the browser fetches that picture alongside the scripts
// (docs/decisions/009-spa.md, "The first paint on a slow phone"). Every other request, and every method but GET on /,
// goes on unchanged. A failed look-up costs the hint, never the page. The page keeps the SPA's headers: the asset
// server's, or the same ones set here (Cloudflare does not promise `_headers` for what a worker answers).
import type { NewsItem } from '../../schema/entities';
import { PAGE_HEADERS } from '../../schema/page-headers';
import { CARD_PICTURE_WIDTH, sizesOf, srcSetOf } from '../../schema/picture-sources';

/** The href of the first news item's thumbnail, from an answer of GET /api/news; null when it has none. */
export async function firstThumbnail(news: Response): Promise<string | null> {
  if (!news.ok) return null;
  const body = await news.json<{ result?: { items?: Pick<NewsItem, 'thumbnailHref'>[] } }>();
  return body.result?.items?.[0]?.thumbnailHref ?? null;
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The <link> that preloads a card's picture the way the card's <img> will ask for it. */
export function picturePreload(href: string): string {
  const srcset = srcSetOf(href);
  const attributes: [string, string][] = [
    ['rel', 'preload'],
    ['as', 'image'],
    ['fetchpriority', 'high'],
    ['href', href],
    ...(srcset
      ? ([
          ['imagesrcset', srcset],
          ['imagesizes', sizesOf(CARD_PICTURE_WIDTH)],
        ] as [string, string][])
      : []),
  ];
  return `<link ${attributes.map(([name, value]) => `${name}="${escapeAttribute(value)}"`).join(' ')}>`;
}

/**
 * The page with a preload of `href` at the end of its <head> (the page unchanged when it is not HTML). Its bytes now
 * depend on the news, so the asset's ETag no longer names them and is dropped.
 */
export function withPicturePreload(page: Response, href: string): Response {
  if (!page.headers.get('content-type')?.includes('text/html')) return page;
  const hinted = new HTMLRewriter()
    .on('head', { element: (head) => void head.append(picturePreload(href), { html: true }) })
    .transform(page);
  const answer = new Response(hinted.body, hinted);
  answer.headers.delete('ETag');
  return answer;
}

/** The request without the browser's conditions: a copy it holds may carry another day's hint. */
function unconditional(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('If-None-Match');
  headers.delete('If-Modified-Since');
  return new Request(request.url, { method: 'GET', headers });
}

async function firstPicture(readNews: () => Promise<Response>): Promise<string | null> {
  try {
    return await firstThumbnail(await readNews());
  } catch (error) {
    console.error({ message: 'home page: the first news picture could not be read', error: String(error) });
    return null;
  }
}

/**
 * GET /: the SPA's page from the static assets, with the hint when the feed's first item has a picture; the page
 * and the news are read at the same time. `readNews` answers GET /api/news?limit=1 as an anonymous visitor gets it.
 * The page is always whole (0.7 KB): no 304 from a copy whose hint may be stale.
 */
export async function homePage(
  request: Request,
  assets: Fetcher,
  readNews: () => Promise<Response>,
): Promise<Response> {
  const [page, href] = await Promise.all([assets.fetch(unconditional(request)), firstPicture(readNews)]);
  return withPageHeaders(page.status === 200 && href ? withPicturePreload(page, href) : page);
}

/** The page with the SPA's headers (schema/page-headers.ts) that the asset server did not set already. */
export function withPageHeaders(page: Response): Response {
  const missing = Object.entries(PAGE_HEADERS).filter(([name]) => !page.headers.has(name));
  if (missing.length === 0) return page;
  const answer = new Response(page.body, page);
  for (const [name, value] of missing) answer.headers.set(name, value);
  return answer;
}
