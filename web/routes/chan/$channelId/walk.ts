// The walk of public pages (test/worker/public-pages.test.ts): a path to each of this screen's URLs and what its
// server HTML must show.
import type { PageWalk } from '#web/routes/+shared/walk-kit';

export const walk: PageWalk = {
  '/chan/:channelId': (c) => ({ path: `/chan/${c.channel.slug}`, shows: [c.channel.name, c.article.title] }),
  '/category/:categoryId/c/:channelId': (c) => ({
    path: `/category/${c.category.slug}/c/${c.channel.slug}`,
    shows: [c.channel.infoText],
  }),
};
