// The export in Chromium against the real worker (decision 036): an editor saves "Export my content" from the
// workspace's account page, an admin "Export everything with pictures and videos" from App management › Export;
// each download is a ZIP the browser saved itself, whose manifest, records and files are read back here.
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { expect, login, test, watchProblems } from './browser';

/** Clicks the link and answers the archive the browser saved, unpacked, with the name it offered. */
async function downloadVia(page: Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('link', { name, exact: true }).click(),
  ]);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const text = (file: string) => new TextDecoder().decode(files[file]);
  const lines = (file: string) =>
    text(file)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { fileName: download.suggestedFilename(), names: Object.keys(files), files, text, lines };
}

test('an editor saves their own content from My account', async ({ page }) => {
  const problems = watchProblems(page);
  await login(page, 'editor');
  await page.goto('/myaccount');
  await page.getByRole('heading', { level: 2, name: 'Export my content' }).waitFor();
  const archive = await downloadVia(page, 'Export my content');
  expect(archive.fileName).toMatch(/^so-portal-export-own-\d{4}-\d\d-\d\d\.zip$/);
  expect(archive.names[0]).toBe('manifest.json');
  expect(JSON.parse(archive.text('manifest.json'))).toMatchObject({
    formatVersion: 1,
    scope: 'own',
    media: 'urls',
    exportedBy: { name: 'editor' },
  });
  const articles = archive.lines('articles.ndjson');
  expect(articles.length).toBeGreaterThan(0);
  expect(new Set(articles.map((a) => a.userName))).toEqual(new Set(['editor']));
  expect(archive.names.some((n) => n.startsWith('media/'))).toBe(false);
  expect(problems).toEqual([]);
});

test('an admin saves everything with the pictures and videos from App management', async ({ page }) => {
  const problems = watchProblems(page);
  await login(page, 'admin');
  await page.goto('/appManagement/export');
  await page.getByRole('heading', { level: 2, name: 'Export' }).waitFor();
  const archive = await downloadVia(page, 'Export everything with pictures and videos');
  expect(archive.fileName).toMatch(/^so-portal-export-all-\d{4}-\d\d-\d\d\.zip$/);
  const manifest = JSON.parse(archive.text('manifest.json')) as { siteUrl: string };
  expect(manifest).toMatchObject({ formatVersion: 1, scope: 'all', media: 'include' });
  const owners = new Set(archive.lines('articles.ndjson').map((a) => a.userName));
  expect(owners.size).toBeGreaterThan(1);
  const included = archive.lines('media.ndjson').filter((f) => f.path !== null);
  expect(included.length).toBeGreaterThan(0);
  for (const file of included) {
    // Listed on the portal's address (SITE_URL), which this test server does not run on.
    expect(file.url).toBe(`${manifest.siteUrl}/api/files/${file.key as string}`);
    expect(archive.files[file.path as string]!.length).toBe(file.size ?? archive.files[file.path as string]!.length);
  }
  // The file in the archive is the one the file route serves, byte for byte.
  const first = included[0]!;
  const served = await page.request.get(`/api/files/${first.key as string}`);
  expect(new Uint8Array(await served.body())).toEqual(archive.files[first.path as string]);
  expect(problems).toEqual([]);
});
