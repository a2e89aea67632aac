// Ghost and Markdown imports end to end (issue 30, decision 050): an admin picks a Ghost export (with the old site's
// address, where its `__GHOST_URL__` pictures are) or a ZIP of Markdown files in App management › Import, leaves the
// author to be created, starts it, and opens what was created; the old address answers 301 to the new page. The Ghost
// site's pictures come from a server on this machine (WEBHOOKS_ALLOW_LOCAL); the Markdown ZIP carries its own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { makeGhostExport } from '../fixtures/ghost';
import { makeMarkdownZip } from '../fixtures/markdown-zip';
import { expect, login, test, watchProblems } from './browser';

/** A whole 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
let server: Server;
let ghostSite: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length }).end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ghostSite = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Picks the file (and the old site's address), leaves every author on "create", starts, and waits for the end. */
async function importInScreen(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, site = '') {
  await page.goto('/appManagement/import');
  await page.getByLabel('Export file').setInputFiles(file);
  if (site) await page.getByLabel(/^Address of the old site/).fill(site);
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.getByRole('heading', { name: `Authors of ${file.name}` }).waitFor({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Map authors and start the import' }).click();
  await page.getByRole('heading', { name: `Report of ${file.name}` }).waitFor({ timeout: 15_000 });
}

test('an admin imports a Ghost export in the screen; its old address leads to the new page', async ({ page }) => {
  const problems = watchProblems(page);
  const stamp = Date.now().toString(36);
  const json = makeGhostExport({
    users: [{ id: `u-${stamp}`, slug: `mara-${stamp}`, name: 'Mara Quay', email: `mara-${stamp}@example.com` }],
    tags: [{ id: `t-${stamp}`, slug: `tides-${stamp}`, name: `Tides ${stamp}` }],
    posts: [
      {
        id: `p-${stamp}`,
        title: `Ghost post ${stamp}`,
        slug: `ghost-post-${stamp}`,
        html: `<p>Written in <strong>Ghost</strong>.</p><figure class="kg-card kg-image-card"><img src="__GHOST_URL__/content/images/pier-${stamp}.png" alt="The pier"></figure>`,
        publishedAt: '2024-02-02T10:00:00.000Z',
        tags: [`t-${stamp}`],
      },
    ],
  });
  await login(page, 'admin');
  await importInScreen(
    page,
    { name: `gazette-${stamp}.json`, mimeType: 'application/json', buffer: Buffer.from(json) },
    ghostSite,
  );
  const link = page.getByRole('link', { name: `Ghost post ${stamp}` });
  await link.waitFor({ timeout: 45_000 });
  expect(asked).toContain(`/content/images/pier-${stamp}.png`);

  await link.click();
  await page.getByRole('heading', { name: `Ghost post ${stamp}` }).waitFor();
  await page.getByRole('img', { name: 'The pier' }).waitFor();
  const articleUrl = new URL(page.url()).pathname;

  const old = await page.request.get(`/ghost-post-${stamp}/`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers()['location']!, page.url()).pathname).toBe(articleUrl);
  expect(problems).toEqual([]);
});

test('an admin imports a ZIP of Markdown files with their pictures in the screen', async ({ page }) => {
  const problems = watchProblems(page);
  const stamp = Date.now().toString(36);
  const zip = makeMarkdownZip({
    [`posts/2024-03-01-first-light-${stamp}.md`]: `---
title: "First light ${stamp}"
date: 2024-03-01 08:30:00 +0000
tags: [Harbour]
author: Mara ${stamp}
---
Morning over the **water**.

![The pier at six](../images/pier.png)
`,
    [`posts/draft-${stamp}.md`]: `---\ntitle: Draft ${stamp}\ndraft: true\n---\nNot yet.\n`,
    'images/pier.png': new Uint8Array(PNG),
  });
  await login(page, 'admin');
  await importInScreen(page, { name: `blog-${stamp}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zip) });
  const link = page.getByRole('link', { name: `First light ${stamp}` });
  await link.waitFor({ timeout: 45_000 });
  await page.getByRole('link', { name: `Draft ${stamp}` }).waitFor();

  await link.click();
  await page.getByRole('heading', { name: `First light ${stamp}` }).waitFor();
  await page.getByText('Morning over the').waitFor();
  await page.getByRole('img', { name: 'The pier at six' }).waitFor();

  const old = await page.request.get(`/first-light-${stamp}/`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(problems).toEqual([]);
});
