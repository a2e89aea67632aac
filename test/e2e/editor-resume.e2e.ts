// An editor's big video in Chromium: its upload is cut off by a reload and resumed from the parts the server
// already had, with the title typed before the reload (the rest of the editor's walk is in editor.e2e.ts).
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Route } from 'playwright-core';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { expect, loginByApi, screenshot, test, watchProblems } from './browser';
import { poll, apiCall } from './editor-kit';

test(
  'a big video upload cut off by a reload resumes from the parts the server has, and completes',
  { timeout: 180_000 },
  async ({ page, context }) => {
    const problems = watchProblems(page);
    await loginByApi(context, 'contributor');
    const article = await apiCall<{ id: string }>(context, 'POST', '/articles', {
      title: `Resumed ${Date.now()}`,
      type: 'video',
      channelId: null,
    });
    // Three parts: an MP4 head (what the server sniffs), then filler.
    const PART = RESUMABLE_LIMITS.partSize;
    const size = 2 * PART + 654_321;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) % 256;
    bytes.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
    const file = path.join(tmpdir(), `resumed-${process.pid}-${Date.now()}.mp4`);
    await writeFile(file, bytes);

    // First try: part 1 arrives, the next parts hang until the page is reloaded under them.
    const held: Route[] = [];
    await page.route('**/api/uploads/*/parts/*', async (route) => {
      if (route.request().url().endsWith('/parts/1')) return route.continue();
      held.push(route);
    });
    await page.goto(`/myaccount/articles/${article.id}`);
    await page.getByRole('heading', { name: 'Videos', exact: true }).waitFor();
    const firstPart = page.waitForResponse((r) => r.url().endsWith('/parts/1') && r.status() === 200);
    await page.getByLabel('Add a video').setInputFiles(file);
    await page.getByRole('textbox', { name: 'Title of the video' }).fill('Harbour at dusk');
    await page.getByRole('button', { name: 'Upload video' }).click();
    await firstPart;
    await poll(() => held.length).toBeGreaterThan(0);
    await poll(() =>
      page.getByRole('progressbar', { name: `Upload of ${path.basename(file)}` }).getAttribute('value'),
    ).not.toBe('0');
    // Leaving with an upload running asks first (beforeunload); the reload goes ahead, cutting the held parts off.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.unroute('**/api/uploads/*/parts/*');

    // After the reload: the unfinished upload is offered; the same file again continues it.
    await page.getByText('Unfinished uploads: choose the same file again to continue where it stopped.').waitFor();
    await page.getByText(`${path.basename(file)} (${(size / 1e6).toFixed(1)} MB): 33% sent.`).waitFor();
    const sentParts: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/uploads\/[^/]+\/parts\/\d+$/.test(r.url())) sentParts.push(r.url().split('/').pop()!);
    });
    // One part is cut off once more on the way: the uploader sends it again by itself.
    let dropped = false;
    await page.route('**/api/uploads/*/parts/3', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.abort('connectionreset');
    });
    await page.getByLabel('Add a video').setInputFiles(file);
    // What was typed for this file before the reload comes back with it.
    await poll(() => page.getByRole('textbox', { name: 'Title of the video' }).inputValue()).toBe('Harbour at dusk');
    await page.getByRole('button', { name: 'Upload video' }).click();
    const videos = page.getByRole('list', { name: 'Videos of the article' });
    await videos.getByRole('listitem').first().waitFor({ timeout: 60_000 });
    expect(sentParts.sort()).toEqual(['2', '3', '3']);
    const uploads = await apiCall<unknown[]>(context, 'GET', '/uploads');
    expect(uploads).toEqual([]);
    const stored = await apiCall<{ media: { videos: { href: string; title: string }[] } }>(
      context,
      'GET',
      `/articles/${article.id}`,
    );
    expect(stored.media.videos[0]!.title).toBe('Harbour at dusk');
    const head = await context.request.head(stored.media.videos[0]!.href);
    expect(Number(head.headers()['content-length'])).toBe(size);
    await screenshot(page, 'editor-resumed-upload');
    // The browser cannot decode this made-up file, so it has no thumbnail: said once, not an error.
    expect(problems.filter((p) => !/MEDIA_ERR|cannot be played|Failed to load/.test(p))).toEqual([]);
  },
);
