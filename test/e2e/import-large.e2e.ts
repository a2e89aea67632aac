// A large WordPress export imported through the browser (issue 30): a file of a few thousand posts, larger than two
// of the resumable upload's parts, so it goes up in several parts and the queue works it through in many batches.
// An admin sends it from App management › Import, maps its author, follows the progress to Done, reads the counts,
// then a few imported posts answer at their old WordPress links (301) and through the API. The run time is printed.
// Every wait is on something the screen shows, bounded by a generous timeout for a slow machine.
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { wxrHead, wxrItem, wxrTail } from '../fixtures/wxr';
import { expect, login, test, watchProblems } from './browser';

const POSTS = 2000;
/** The import's own batch size (worker/import/source.ts CHUNK_ITEMS): the file must need many of them. */
const ITEMS_PER_BATCH = 100;
const stamp = Date.now().toString(36);
const site = `https://large-${stamp}.example.com`;
const author = `bulk-${stamp}`;
const fileName = `large-${stamp}.xml`;
const file = path.join(os.tmpdir(), fileName);
const slugOf = (i: number) => `large-${stamp}-${i}`;
const titleOf = (i: number) => `Large import ${stamp} post ${i}`;

/** Paragraphs of varied text, about 9 KB a post, so that the file spans several upload parts. */
function content(i: number): string {
  const words = ['harbour', 'tide', 'lantern', 'ferry', 'gull', 'quay', 'rope', 'sail', 'dune', 'pier', 'storm'];
  return Array.from({ length: 15 }, (_, p) => {
    const sentence = Array.from({ length: 90 }, (_, w) => words[(i + p * 7 + w * 3) % words.length]).join(' ');
    return `<!-- wp:paragraph --><p>Post ${i}, part ${p}: ${sentence}.</p><!-- /wp:paragraph -->`;
  }).join('\n');
}

function exportFile(): string {
  const head = wxrHead({
    site,
    authors: [{ login: author, email: `${author}@example.com`, name: 'Bulk Writer' }],
    categories: [{ slug: `shore-${stamp}`, name: `Shore ${stamp}` }],
    tags: [],
  });
  const items = Array.from({ length: POSTS }, (_, n) =>
    wxrItem(site, {
      id: n + 1,
      title: titleOf(n + 1),
      slug: slugOf(n + 1),
      content: content(n + 1),
      creator: author,
      categories: [`shore-${stamp}`],
    }),
  );
  return head + items.join('') + wxrTail();
}

afterAll(async () => {
  await rm(file, { force: true });
});

test('an admin imports a large WordPress export through the screen', { timeout: 300_000 }, async ({ page }) => {
  const problems = watchProblems(page);
  const begun = performance.now();
  const xml = exportFile();
  const bytes = Buffer.byteLength(xml);
  await writeFile(file, xml);
  const parts = Math.ceil(bytes / RESUMABLE_LIMITS.partSize);
  expect(parts).toBeGreaterThanOrEqual(3);
  expect(POSTS / ITEMS_PER_BATCH).toBeGreaterThanOrEqual(20);

  // The parts the browser sends (PUT /api/uploads/{id}/parts/{n}), each answered 2xx.
  const sentParts = new Map<number, number>();
  page.on('response', (response) => {
    const match = /\/api\/uploads\/[^/]+\/parts\/(\d+)$/.exec(new URL(response.url()).pathname);
    if (match && response.request().method() === 'PUT') sentParts.set(Number(match[1]), response.status());
  });

  await login(page, 'admin');
  await page.goto('/appManagement/import');
  const started = performance.now();
  await page.getByLabel('Export file').setInputFiles(file);
  await page.getByRole('button', { name: 'Start import' }).click();

  // Sent in parts, then read: its author is mapped to an existing account (the demo admin).
  await page
    .getByRole('heading', { name: `Authors of ${fileName}` })
    .waitFor({ timeout: 90_000 })
    .catch(async (error: unknown) => {
      // A refusal shows in the form: say it rather than only the time-out.
      const alert = await page.getByRole('alert').allTextContents();
      throw new Error(`The file was not read (${alert.join(' ') || String(error)})`);
    });
  const uploaded = performance.now();
  expect([...sentParts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: parts }, (_, i) => i + 1));
  expect([...sentParts.values()].every((status) => status >= 200 && status < 300)).toBe(true);
  await page.getByLabel(`Who is Bulk Writer (${author})?`).selectOption({ label: 'admin' });
  await page.getByRole('button', { name: 'Map authors and start the import' }).click();

  // Its line in the list: the progress bar moves on until the state says Done.
  const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: fileName, exact: true }) });
  const progress = row.getByRole('progressbar', { name: `Progress of ${fileName}` });
  await progress.waitFor();
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        seen.add((await progress.getAttribute('value')) ?? '');
        return row.getByText('Done', { exact: true }).count();
      },
      { timeout: 150_000, interval: 1_000 },
    )
    .toBe(1);
  const imported = performance.now();
  // The bar was seen part way at least once (the poll reads it every second; the import takes many batches).
  expect(seen.size).toBeGreaterThan(1);

  // The counts in the screen, and the report's reading of the file.
  await row.getByText(`articles: ${POSTS} created, 0 updated, 0 skipped, 0 failed`).waitFor();
  await page.getByRole('heading', { name: `Report of ${fileName}` }).waitFor();
  await page.getByText(`The file held ${POSTS} posts, 0 pages and 0 comments (comments are not imported).`).waitFor();

  // A few imported posts, first, middle and last: the old link answers 301 to the article, which the API serves.
  for (const i of [1, Math.ceil(POSTS / 2), POSTS]) {
    const old = await page.request.get(`/2024/03/${slugOf(i)}/`, { maxRedirects: 0 });
    expect(old.status(), slugOf(i)).toBe(301);
    const location = old.headers()['location'] ?? '';
    const id = /^\/article\/([0-9a-f-]{36})$/.exec(location)?.[1];
    expect(id, location).toBeTruthy();
    const api = await page.request.get(`/api/articles/${id}`);
    expect(api.status()).toBe(200);
    const article = ((await api.json()) as { result: { title: string; published: boolean; description: string } })
      .result;
    expect(article).toMatchObject({ title: titleOf(i), published: true });
    expect(article.description).toContain(`Post ${i}, part 0:`);
  }
  // And one of them in the browser, through its old link.
  await page.goto(`/2024/03/${slugOf(POSTS)}/`);
  await page.getByRole('heading', { name: titleOf(POSTS) }).waitFor();
  expect(problems).toEqual([]);

  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `import-large: ${POSTS} posts, ${(bytes / 1024 ** 2).toFixed(1)} MiB in ${parts} parts; ` +
      `sent and read in ${seconds(uploaded - started)} s, imported in ${seconds(imported - uploaded)} s, ` +
      `${seconds(performance.now() - begun)} s in all (with the file's making, the sign-in and the checks)`,
  );
});
