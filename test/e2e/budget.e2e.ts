// The bundle budget as the browser sees it: everything the first visit to / loads (the
// document rendered by the worker with the news it shows, every script and stylesheet, including the chunks
// imported on demand at start: the home view, the search box) is at most 130 KB gzip. Counted up
// to the moment the home view shows its heading and the seeded news and the network has gone quiet.
// test/web/budget.test.ts checks the same from the build output, and each lazily loaded view.
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { expect, test } from './browser';

const KB = 1024;
const FIRST_VISIT_BUDGET = 130 * KB;
const COUNTED = new Set(['document', 'script', 'stylesheet']);

test('the first visit to / loads at most 130 KB gzip of HTML, JS and CSS', async ({ page }) => {
  const loads: Promise<{ path: string; type: string; gzip: number }>[] = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (!COUNTED.has(type)) return;
    loads.push(
      response.body().then((body) => {
        expect(response.status(), response.url()).toBe(200);
        return { path: new URL(response.url()).pathname, type, gzip: gzipSync(body).length };
      }),
    );
  });

  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
  await page
    .getByRole('list', { name: 'News feed' })
    .getByRole('link', { name: 'Coffee house season opens' })
    .waitFor();
  await page.waitForLoadState('networkidle');

  // Each file once: a stylesheet index.html preloads comes again from the memory cache when the chunk that needs it
  // applies it (hashed names: the same path is the same bytes).
  const files = [...new Map((await Promise.all(loads)).map((f) => [f.path, f])).values()];
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const report = files.map((f) => `${f.path} ${(f.gzip / KB).toFixed(1)} KB`).join(', ');
  console.info(`first visit to /: ${(total / KB).toFixed(1)} KB gzip in ${files.length} files (${report})`);

  // What must be among them: the document (rendered, with the news it shows), the entry, the home view. The API
  // client with zod is not: the page brings its data, so the client loads with the visitor's first request.
  expect(files.filter((f) => f.type === 'document').map((f) => f.path)).toEqual(['/']);
  expect(
    files.some((f) => /^\/assets\/home-[\w-]+\.js$/.test(f.path)),
    report,
  ).toBe(true);
  expect(
    files.some((f) => f.type === 'stylesheet'),
    report,
  ).toBe(true);
  expect(total, report).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
});
