// What the walk of public pages (test/worker/public-pages.test.ts) needs of a public screen, declared in the
// screen's folder beside its route.ts (`walk.ts`, read by the test alone, never by a bundle): for each URL pattern
// of the screen, a path to it with the walk's seeded content and what the page's server HTML must show. A public
// pattern without its step fails the walk, so a new public screen is walked without a line elsewhere.

/** The content the walk seeds before it starts (an author with a channel in a category, an article, a news item). */
export interface WalkContent {
  author: { name: string; displayName: string };
  channel: { id: string; slug: string; name: string; infoText: string };
  category: { id: string; slug: string; title: string };
  article: { id: string; slug: string; title: string; teaser: string; firstParagraph: string };
  news: { title: string };
}

/** One page of the walk: its path and the texts its main content holds, nothing left loading. */
export interface WalkStep {
  path: string;
  shows: string[];
}

/**
 * Each public URL pattern of the screen and its step; `drawnByTheBrowser` for a public page the worker renders
 * without its data on purpose (a reviewer's preview: private, uncached, never indexed; decision 029).
 */
export type PageWalk = Record<string, ((content: WalkContent) => WalkStep) | typeof drawnByTheBrowser>;

export const drawnByTheBrowser = 'drawn by the browser';
