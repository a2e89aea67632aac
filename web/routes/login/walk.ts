// The walk of public pages (test/worker/public-pages.test.ts): a path to each of this screen's URLs and what its
// server HTML must show.
import type { PageWalk } from '../+shared/walk-kit';

export const walk: PageWalk = { '/login': () => ({ path: '/login', shows: ['Sign in'] }) };
