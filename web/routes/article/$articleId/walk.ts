// The walk of public pages (test/worker/public-pages.test.ts): a path to each of this screen's URLs and what its
// server HTML must show.
import type { PageWalk } from '#web/routes/+shared/walk-kit';

export const walk: PageWalk = {
  '/article/:articleId': (c) => ({ path: `/article/${c.article.slug}`, shows: [c.article.title, c.channel.name] }),
  '/chan/:channelId/a/:articleId': (c) => ({
    path: `/chan/${c.channel.slug}/a/${c.article.slug}`,
    shows: [c.article.teaser],
  }),
  '/category/:categoryId/a/:articleId': (c) => ({
    path: `/category/${c.category.id}/a/${c.article.id}`,
    shows: [c.article.teaser],
  }),
  '/category/:categoryId/c/:channelId/a/:articleId': (c) => ({
    path: `/category/${c.category.slug}/c/${c.channel.slug}/a/${c.article.slug}`,
    shows: [c.article.firstParagraph],
  }),
};
