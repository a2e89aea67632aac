// An import end to end (issue 30): an admin picks a small WordPress export in App management › Import, maps its
// author to an existing account, starts it, reads the report with links to what was created, and fetches a picture
// that was missing again once its server has it. Its pictures come from a server on this machine (the local
// exception WEBHOOKS_ALLOW_LOCAL the e2e server runs with); the import runs on the local Cloudflare Queue.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { makeWxr } from '../fixtures/wxr';
import { expect, login, test, watchProblems } from './browser';

/** A whole 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
let server: Server;
let pictures: string;
const asked: string[] = [];
/** Whether the picture server has the "missing" picture yet (the retry from the report). */
let lateServed = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url?.includes('missing') && !lateServed) res.writeHead(404).end('gone');
    else res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length }).end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pictures = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('an admin imports a WordPress export in the screen and reads the report', async ({ page }) => {
  const problems = watchProblems(page);
  const stamp = Date.now().toString(36);
  const xml = makeWxr({
    site: `https://e2e-${stamp}.example.com`,
    authors: [{ login: `writer-${stamp}`, email: `writer-${stamp}@example.com`, name: 'Writer' }],
    categories: [{ slug: `harbour-${stamp}`, name: `Harbour ${stamp}` }],
    tags: [],
    posts: [
      {
        id: 1,
        title: `Imported post ${stamp}`,
        slug: `imported-${stamp}`,
        creator: `writer-${stamp}`,
        categories: [`harbour-${stamp}`],
        content: `<!-- wp:paragraph --><p>Hello from <strong>WordPress</strong>.</p><!-- /wp:paragraph -->
<!-- wp:image --><figure class="wp-block-image"><img src="${pictures}/dawn.png" alt="Dawn"/><figcaption>At dawn</figcaption></figure><!-- /wp:image -->
<!-- wp:image --><figure class="wp-block-image"><img src="${pictures}/missing.png" alt="Lost"/></figure><!-- /wp:image -->`,
      },
      {
        id: 2,
        title: `Imported draft ${stamp}`,
        slug: `draft-${stamp}`,
        content: 'Later',
        status: 'draft',
        creator: `writer-${stamp}`,
      },
    ],
  });

  await login(page, 'admin');
  await page.goto('/appManagement/import');
  await page
    .getByLabel('Export file')
    .setInputFiles({ name: `export-${stamp}.xml`, mimeType: 'text/xml', buffer: Buffer.from(xml) });
  await page.getByRole('button', { name: 'Start import' }).click();

  // The file is read, then its author is mapped to an existing account (the demo admin).
  await page.getByRole('progressbar', { name: `Progress of export-${stamp}.xml` }).waitFor();
  await page.getByRole('heading', { name: `Authors of export-${stamp}.xml` }).waitFor({ timeout: 45_000 });
  await page.getByLabel(`Who is Writer (writer-${stamp})?`).selectOption({ label: 'admin' });
  await page.getByRole('button', { name: 'Map authors and start the import' }).click();

  // The report once the queue has worked the file through.
  await page.getByRole('heading', { name: `Report of export-${stamp}.xml` }).waitFor();
  await page.getByText('Done').first().waitFor({ timeout: 45_000 });
  const link = page.getByRole('link', { name: `Imported post ${stamp}` });
  await link.waitFor({ timeout: 15_000 });
  await page.getByText(`${pictures}/missing.png (Answered HTTP 404)`).waitFor();
  expect(asked).toContain('/dawn.png');

  // The server has the picture now: fetched again from the report, it leaves the list.
  lateServed = true;
  await page.getByRole('button', { name: 'Fetch the missing pictures again' }).click();
  await expect.poll(() => page.getByText(`${pictures}/missing.png`).count(), { timeout: 15_000 }).toBe(0);

  // The imported article is published, with its picture served by the portal.
  await link.click();
  await page.getByRole('heading', { name: `Imported post ${stamp}` }).waitFor();
  await page.getByRole('img', { name: 'Dawn' }).waitFor();
  expect(problems).toEqual([]);
});
