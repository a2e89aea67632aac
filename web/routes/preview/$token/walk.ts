// The walk of public pages (test/worker/public-pages.test.ts): a reviewer's preview is drawn by the browser.
import { drawnByTheBrowser, type PageWalk } from '#web/routes/+shared/walk-kit';

export const walk: PageWalk = { '/preview/:token': drawnByTheBrowser };
