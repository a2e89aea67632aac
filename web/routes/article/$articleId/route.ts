// One article, at its own address and nested under a channel or a category (the crumbs and the menu item say
// where the visitor came from; a nesting the article is not in redirects to its own address).
import { itemVersions } from '#web/routes/+shared/language-facts';
import type { Article } from '#schema/entities';
import { articlePath, authorPath, channelPath } from '#schema/urls';
import { screen } from '#web/routes/+shared/route-kit';
import { categoryTrail, home, label, param } from '#web/routes/+shared/crumbs';
import { excerpt, organization, picture } from '#web/routes/+shared/head-kit';
import { misplaced } from '#web/routes/+shared/nesting';

const article = (params: Record<string, string | undefined>) =>
  ({ kind: 'article', id: param(params, 'articleId') }) as const;

export const route = screen({
  module: 'routes/article/$articleId/index.tsx',
  view: () => import('./index'),
  paths: {
    '/article/:articleId': {
      menu: 'homeAndNews',
      crumbs: (params) => [home, label('articles', '/article'), article(params)],
    },
    '/chan/:channelId/a/:articleId': {
      menu: 'soChannels',
      crumbs: (params) => [
        home,
        label('channels', '/channels'),
        { kind: 'channel', id: param(params, 'channelId'), to: channelPath(param(params, 'channelId')) },
        article(params),
      ],
    },
    '/category/:categoryId/a/:articleId': {
      menu: 'categories',
      crumbs: (params) => [...categoryTrail(params), article(params)],
    },
    '/category/:categoryId/c/:channelId/a/:articleId': {
      menu: 'categories',
      crumbs: (params) => [
        ...categoryTrail(params),
        {
          kind: 'channel',
          id: param(params, 'channelId'),
          to: channelPath(param(params, 'channelId'), param(params, 'categoryId')),
        },
        article(params),
      ],
    },
  },
  versions: ({ params, answer, queries }) => {
    const found = answer<Article>(queries.article(param(params, 'articleId')));
    return found && itemVersions(found, (ref) => articlePath(ref));
  },
  // The server's part (the page's data, nested-route rule and head): not in the browser's bundle.
  ...(import.meta.env.SSR && {
    load: ({ params, get, queries }) => get(queries.article(param(params, 'articleId'))),
    canonical: misplaced,
    head: ({ params, answer, queries, base, abs, locale }) => {
      const found = answer<Article>(queries.article(param(params, 'articleId')));
      if (!found) return null;
      const gallery = found.media?.kind === 'gallery' ? found.media.images : [];
      const href = found.thumbnailHref ?? gallery[0]?.href;
      // A gallery picture says what it shows in its title (the API's thumbnail is often the first of them).
      const image = picture(href, gallery.find((g) => g.href === href)?.title || found.title);
      const description = excerpt(found.teaser || found.description || found.title);
      const canonicalPath = articlePath(found);
      const gated = found.restricted || found.locked;
      const video = found.media?.kind === 'video' ? found.media.videos[0] : undefined;
      const site = organization(abs);
      return {
        title: found.title,
        description,
        canonicalPath,
        textLanguage: found.language ?? null,
        type: 'article',
        image,
        video: video ? { href: video.href } : null,
        noindex: base.noindex || !found.published || found.hidden || found.locked,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'NewsArticle',
            headline: found.title,
            description,
            url: abs(canonicalPath),
            mainEntityOfPage: abs(canonicalPath),
            ...(image ? { image: [abs(image.href)] } : {}),
            datePublished: found.createdAt,
            dateModified: found.updatedAt,
            inLanguage: found.language ?? locale,
            ...(found.author
              ? { author: { '@type': 'Person', name: found.author.displayName, url: abs(authorPath(found.author)) } }
              : { author: site }),
            publisher: site,
            ...(gated
              ? {
                  isAccessibleForFree: false,
                  hasPart: {
                    '@type': 'WebPageElement',
                    isAccessibleForFree: false,
                    cssSelector: '.article-description',
                  },
                }
              : {}),
          },
          ...base.jsonLd,
        ],
      };
    },
  }),
});
