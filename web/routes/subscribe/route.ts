// /subscribe: the portal's RSS feeds in one place, the news and each channel's, for a reader's feed reader.
import { channelFeedPath, newsFeedPath } from '#schema/urls';
import type { ChannelSummary } from '#schema/entities';
import { keys } from '#web/data/keys';
import { screen } from '../+shared/route-kit';
import { simpleTrail } from '../+shared/crumbs';
import { SITE_NAME } from '../+shared/head-kit';

export const route = screen({
  module: 'routes/subscribe/index.tsx',
  view: () => import('./index'),
  paths: { '/subscribe': { menu: 'homeAndNews', crumbs: simpleTrail('subscribe') } },
  // The server's part (the page's data, nested-route rule and head): not in the browser's bundle.
  ...(import.meta.env.SSR && {
    // The feeds as the head's alternate links too, so a reader's browser or feed reader finds them on this page.
    head: ({ t, answer }) => ({
      description: t('subscribe.lead'),
      feeds: [
        { title: `${SITE_NAME}: ${t('home.title')}`, path: newsFeedPath() },
        ...(answer<ChannelSummary[]>(keys.channels()) ?? []).map((channel) => ({
          title: `${SITE_NAME}: ${channel.name}`,
          path: channelFeedPath(channel),
        })),
      ],
    }),
  }),
});
