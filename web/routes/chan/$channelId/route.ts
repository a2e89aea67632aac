// One channel, at its own address and nested under a category (a category it is not in redirects to its own).
import { itemVersions } from '#web/routes/+shared/language-facts';
import type { ChannelSummary } from '#schema/entities';
import { channelFeedPath, channelPath } from '#schema/urls';
import { screen } from '#web/routes/+shared/route-kit';
import { categoryTrail, home, label, param } from '#web/routes/+shared/crumbs';
import { excerpt, picture, SITE_NAME } from '#web/routes/+shared/head-kit';
import { misplaced } from '#web/routes/+shared/nesting';

const channel = (params: Record<string, string | undefined>) =>
  ({ kind: 'channel', id: param(params, 'channelId') }) as const;

export const route = screen({
  module: 'routes/chan/$channelId/index.tsx',
  view: () => import('./index'),
  paths: {
    '/chan/:channelId': {
      menu: 'soChannels',
      crumbs: (params) => [home, label('channels', '/channels'), channel(params)],
    },
    '/category/:categoryId/c/:channelId': {
      menu: 'categories',
      crumbs: (params) => [...categoryTrail(params), channel(params)],
    },
  },
  versions: ({ params, answer, queries }) => {
    const found = answer<ChannelSummary>(queries.channelSummary(param(params, 'channelId')));
    return found && itemVersions(found, (ref) => channelPath(ref));
  },
  // The server's part (the page's data, nested-route rule and head): not in the browser's bundle.
  ...(import.meta.env.SSR && {
    load: ({ params, get, queries }) => get(queries.channelSummary(param(params, 'channelId'))),
    canonical: misplaced,
    head: ({ params, answer, queries, base, siteDescription }) => {
      const found = answer<ChannelSummary>(queries.channelSummary(param(params, 'channelId')));
      if (!found) return null;
      return {
        title: found.name,
        description: excerpt(found.infoText) || siteDescription,
        canonicalPath: channelPath(found),
        textLanguage: found.language ?? null,
        image: picture(found.bannerHref ?? found.portraitHref, found.name),
        noindex: base.noindex || !found.published || found.hidden || found.private,
        feeds: [{ title: `${SITE_NAME}: ${found.name}`, path: channelFeedPath(found) }],
      };
    },
  }),
});
