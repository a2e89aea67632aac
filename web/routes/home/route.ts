// Home (/): the news feed; its head names the news feed and the site's search.
import { homePath, NEWS_FEED_PATH, searchPath } from '#schema/urls';
import { screen } from '../+shared/route-kit';
import { label } from '../+shared/crumbs';
import { SITE_NAME } from '../+shared/head-kit';

export const route = screen({
  module: 'routes/home/index.tsx',
  view: () => import('./index'),
  paths: { '/': { menu: 'homeAndNews', crumbs: () => [label('homeAndNews')] } },
  // The server's part (the page's data, nested-route rule and head): not in the browser's bundle.
  ...(import.meta.env.SSR && {
    head: ({ t, abs, siteDescription }) => ({
      canonicalPath: homePath(),
      feeds: [{ title: `${SITE_NAME}: ${t('home.title')}`, path: NEWS_FEED_PATH }],
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE_NAME,
          description: siteDescription,
          url: abs(homePath()),
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: abs(searchPath('{search_term_string}')) },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    }),
  }),
});
