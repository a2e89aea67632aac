// An author's page: their published articles, paged.
import type { ArticlePage, Author } from '#schema/entities';
import { authorPath } from '#schema/urls';
import { keys } from '#web/data/keys';
import { screen } from '#web/routes/+shared/route-kit';
import { home, label, param } from '#web/routes/+shared/crumbs';
import { listDescription } from '#web/routes/+shared/head-kit';

export const route = screen({
  module: 'routes/author/$username/index.tsx',
  view: () => import('./index'),
  paths: {
    '/author/:username': {
      menu: 'homeAndNews',
      crumbs: (params) => [
        home,
        label('articles', '/article'),
        { kind: 'author', username: param(params, 'username') },
      ],
    },
  },
  // The server's part (the page's data, nested-route rule and head): not in the browser's bundle.
  ...(import.meta.env.SSR && {
    load: ({ params, get, queries }) => get(queries.author(param(params, 'username'))),
    head: ({ params, answer, queries, base, siteDescription }) => {
      const username = param(params, 'username');
      const found = answer<Author>(queries.author(username));
      if (!found) return null;
      const pages = answer<ArticlePage[]>(keys.authorArticles(username));
      return {
        title: found.displayName,
        description: listDescription(found.displayName, pages?.[0]?.items.map((a) => a.title) ?? []) || siteDescription,
        canonicalPath: authorPath(found),
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'ProfilePage',
            mainEntity: { '@type': 'Person', name: found.displayName },
          },
          ...base.jsonLd,
        ],
      };
    },
  }),
});
