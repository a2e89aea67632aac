// The walk of public pages (test/worker/public-pages.test.ts): a path to each of this screen's URLs and what its
// server HTML must show.
import type { PageWalk } from '#web/routes/+shared/walk-kit';

export const walk: PageWalk = {
  '/category/:categoryId': (c) => ({
    path: `/category/${c.category.slug}`,
    shows: [c.category.title, c.channel.name, c.article.title],
  }),
};
