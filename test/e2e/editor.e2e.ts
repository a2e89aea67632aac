// An editor's walk in Chromium: a channel with a banner; an article in it with three pictures,
// reordered by keyboard, one with a focal point; a video article whose thumbnail is the frame at 1.5 s, captured
// in the browser; publication requested and approved; the public pages show the new order and the poster frame.
// The editor unpublishes the video article and visitors get 404 at once. The resumed big upload is in
// editor-resume.e2e.ts.
import path from 'node:path';
import type { Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { focalCrop } from '#web/components/picture/focal-crop';
import { baseUrl, expect, loginByApi, screenshot, test, watchProblems } from './browser';
import { poll, apiCall } from './editor-kit';

const MEDIA = path.resolve(import.meta.dirname, '../../worker/scripts/demo-media');
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const idFromUrl = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

/** axe finds no serious or critical violation on the page as it is. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function requestPublication(page: Page) {
  const box = page.locator('section', { has: page.getByRole('heading', { name: 'Publication', exact: true }) });
  await box.getByRole('button', { name: 'Request publication' }).click();
  await box.getByText('Publication pending').waitFor();
}

/** The average brightness of a 16×9 grid of an image or video frame, to compare pictures despite re-encoding. */
async function posterMatchesFrame(page: Page, poster: string, video: string) {
  return page.evaluate(
    async ({ poster, video }) => {
      const grid = (source: CanvasImageSource, w: number, h: number) => {
        const canvas = document.createElement('canvas');
        canvas.width = 16;
        canvas.height = 9;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(source, 0, 0, w, h, 0, 0, 16, 9);
        const d = ctx.getImageData(0, 0, 16, 9).data;
        const out: number[] = [];
        for (let i = 0; i < d.length; i += 4) out.push(0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!);
        return out;
      };
      const image = new Image();
      image.src = poster;
      await image.decode();
      const p = grid(image, image.naturalWidth, image.naturalHeight);
      const v = document.createElement('video');
      v.muted = true;
      v.preload = 'auto';
      v.src = video;
      await new Promise((r) => v.addEventListener('loadeddata', r, { once: true }));
      const at = async (t: number) => {
        v.currentTime = t;
        await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
        return grid(v, v.videoWidth, v.videoHeight);
      };
      const diff = (a: number[], b: number[]) => a.reduce((s, x, i) => s + Math.abs(x - b[i]!), 0) / a.length;
      const result: Record<string, number> = {};
      for (const t of [0, 0.5, 1, 1.5, 2, 2.9]) result[String(t)] = diff(p, await at(t));
      return result;
    },
    { poster, video },
  );
}

test(
  'an editor builds a channel with a gallery and a video, asks for publication, and visitors see it',
  { timeout: 180_000 },
  async ({ page, context, browser }) => {
    const problems = watchProblems(page);
    const suffix = Date.now().toString(36);
    await loginByApi(context, 'editor');

    // 1. A channel with a banner.
    await page.goto('/myaccount/channels');
    await h1(page, 'Channels').waitFor();
    await page.getByRole('link', { name: 'New channel' }).click();
    await h1(page, 'New channel').waitFor();
    const channelName = `Walk channel ${suffix}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(channelName);
    await page.getByRole('textbox', { name: 'About the channel' }).fill('Made by the editor walk.');
    await page.getByLabel('Banner').setInputFiles(path.join(MEDIA, 'banner-travel.jpg'));
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.waitForURL(/\/myaccount\/channels\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const channelId = idFromUrl(page);
    await h1(page, `Edit “${channelName}”`).waitFor();
    await poll(() => page.getByRole('img', { name: 'Banner as it is now' }).getAttribute('src')).toMatch(
      /^\/api\/files\/image\//,
    );
    await requestPublication(page);

    // 2. An article in it with three pictures.
    await page.goto('/myaccount/articles/new');
    await h1(page, 'New article').waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill(`Walk gallery ${suffix}`);
    await page.getByRole('combobox', { name: 'Type' }).selectOption('gallery');
    await page.getByRole('combobox', { name: 'Channel', exact: true }).selectOption({ label: channelName });
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/myaccount\/articles\/[0-9a-f-]{36}$/);
    const galleryId = idFromUrl(page);
    // Picked pictures go up at once, in the order picked; they start untitled (a file name is no caption).
    await page
      .getByLabel('Add pictures')
      .setInputFiles(['alps-peaks.jpg', 'alps-lake.jpg', 'alps-hut.jpg'].map((f) => path.join(MEDIA, f)));
    const pictures = page.getByRole('list', { name: 'Pictures of the gallery' });
    await poll(() => pictures.getByRole('listitem').count(), 30_000).toBe(3);
    const titles = () =>
      pictures.getByRole('textbox').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(await titles()).toEqual(['', '', '']);
    for (const [i, title] of ['alps peaks', 'alps lake', 'alps hut'].entries()) {
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().endsWith(`/media/images/${i}`),
      );
      await pictures.getByRole('textbox').nth(i).fill(title);
      await pictures.getByRole('textbox').nth(i).press('Enter');
      expect((await saved).status()).toBe(200);
    }
    expect(await titles()).toEqual(['alps peaks', 'alps lake', 'alps hut']);
    await poll(() => page.getByRole('progressbar', { name: 'Upload of alps-hut.jpg' }).getAttribute('value')).toBe(
      '100',
    );
    // The upload panel is no wider than the form column it reports on.
    const column = (await page.locator('form.ws-form').boundingBox())!;
    const panel = (await page.getByRole('region', { name: 'Uploads' }).boundingBox())!;
    expect(panel.width).toBeLessThanOrEqual(column.width + 1);

    // 3. Reorder: the first picture to the end, with the keyboard on its drag handle.
    const moved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/media\/images\/0$/.test(r.url()));
    // Each key waits for what screen readers are told (the drag announcements) before the next.
    await pictures.getByRole('button', { name: 'Move alps peaks', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByText('alps peaks is over position 1 of 3.').waitFor({ state: 'attached' });
    // Lifted: the item renders as dragged once the positions it can move to are measured.
    await pictures.locator('.ws-dragging').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    await page.getByText('alps peaks is over position 2 of 3.').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    await page.getByText('alps peaks is over position 3 of 3.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    expect((await moved).status()).toBe(200);
    await poll(titles).toEqual(['alps lake', 'alps hut', 'alps peaks']);
    // The Move buttons keep the keyboard focus with the picture they moved: down and back up again (at the top its
    // Move up is disabled, so the focus is on its Move down).
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const lakeDown = pictures.getByRole('button', { name: 'Move alps lake down' });
    // The list takes the next move once the last one is saved.
    await poll(() => lakeDown.isEnabled()).toBe(true);
    await lakeDown.focus();
    await page.keyboard.press('Enter');
    await poll(titles).toEqual(['alps hut', 'alps lake', 'alps peaks']);
    await poll(focusedLabel).toBe('Move alps lake down');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedLabel()).toBe('Move alps lake up');
    await poll(() => pictures.getByRole('button', { name: 'Move alps lake up' }).isEnabled()).toBe(true);
    await page.keyboard.press('Enter');
    await poll(titles).toEqual(['alps lake', 'alps hut', 'alps peaks']);
    await poll(focusedLabel).toBe('Move alps lake down');

    // 4. A focal point for the second picture.
    await pictures.getByRole('button', { name: 'Focus of alps hut' }).click();
    await page.getByRole('slider', { name: 'Horizontal focus' }).fill('20');
    await page.getByRole('slider', { name: 'Vertical focus' }).fill('70');
    await page.getByRole('button', { name: 'Save focus' }).click();
    await page.getByText('The focus of alps hut has been saved.').waitFor();
    await requestPublication(page);
    await screenshot(page, 'editor-gallery');
    await expectAccessible(page);

    // 5. A video article whose thumbnail is the frame at 1.5 s.
    await page.goto('/myaccount/articles/new');
    await h1(page, 'New article').waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill(`Walk video ${suffix}`);
    await page.getByRole('combobox', { name: 'Type' }).selectOption('video');
    await page.getByRole('combobox', { name: 'Channel', exact: true }).selectOption({ label: channelName });
    await page.getByRole('button', { name: 'Create draft' }).click();
    await page.waitForURL(/\/myaccount\/articles\/[0-9a-f-]{36}$/);
    const videoId = idFromUrl(page);
    // The preview plays an object URL of the file; once it is gone, nothing may fetch that URL again.
    const revokedFetches: string[] = [];
    page.on('console', (m) => {
      if (/ERR_FILE_NOT_FOUND/.test(m.text()) || /^blob:/.test(m.location().url)) revokedFetches.push(m.text());
    });
    page.on('requestfailed', (r) => {
      if (r.url().startsWith('blob:')) revokedFetches.push(`${r.url()}: ${r.failure()?.errorText}`);
    });
    await page.getByLabel('Add a video').setInputFiles(path.join(MEDIA, 'clip-mandelbrot.webm'));
    await page.getByRole('textbox', { name: 'Title of the video' }).fill('Mandelbrot');
    await page.getByRole('slider', { name: 'Thumbnail at' }).waitFor();
    await poll(() => page.getByRole('slider', { name: 'Thumbnail at' }).isEnabled()).toBe(true);
    await page.getByLabel('Thumbnail time in seconds').fill('1.5');
    await page.getByRole('button', { name: 'Upload video' }).click();
    const videos = page.getByRole('list', { name: 'Videos of the article' });
    await videos.getByRole('listitem').first().waitFor({ timeout: 30_000 });
    expect(await videos.locator('video').first().getAttribute('poster')).toMatch(/^\/api\/files\/image\//);
    // The file field no longer names the file it sent.
    expect(await page.getByLabel('Add a video').inputValue()).toBe('');

    // 6. Publication requested (the channel and the gallery above, the video here).
    await requestPublication(page);
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Publications' }).click();
    await h1(page, 'Publications').waitFor();
    await page.waitForTimeout(1500);
    expect(revokedFetches).toEqual([]);
    const requests = page.getByRole('table', { name: 'Publications' });
    for (const title of [channelName, `Walk gallery ${suffix}`, `Walk video ${suffix}`]) {
      await poll(() =>
        requests
          .getByRole('row', { name: new RegExp(title) })
          .getByText('Pending')
          .count(),
      ).toBe(1);
    }
    await screenshot(page, 'editor-publications');
    await expectAccessible(page);

    // An admin approves the three requests.
    const adminContext = await browser.newContext({ baseURL: baseUrl() });
    await loginByApi(adminContext, 'admin');
    const listed = await apiCall<unknown>(adminContext, 'GET', '/publications/requests?status=PENDING');
    const pending = (Array.isArray(listed) ? listed : (listed as { items: unknown[] }).items) as {
      id: string;
      contentId: string;
    }[];
    for (const contentId of [channelId, galleryId, videoId]) {
      const request = pending.find((r) => r.contentId === contentId)!;
      await apiCall(adminContext, 'PUT', '/publications/update-status', { id: request.id, status: 'APPROVED' });
    }
    await adminContext.close();

    // 7. A visitor sees the pictures in the new order (with the focal point) and the video's poster frame.
    const visitor = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
    const view = await visitor.newPage();
    const viewProblems = watchProblems(view);
    await view.goto(`/chan/${channelId}`);
    await h1(view, channelName).waitFor();
    expect(await view.getByText('Draft: only you and admins see this').count()).toBe(0);
    await view.getByRole('link', { name: `Walk gallery ${suffix}` }).click();
    await h1(view, `Walk gallery ${suffix}`).waitFor();
    const thumbs = view.getByRole('region', { name: 'Gallery' }).getByRole('button');
    await poll(() => thumbs.evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')))).toEqual([
      'Open image 1 of 3: alps lake',
      'Open image 2 of 3: alps hut',
      'Open image 3 of 3: alps peaks',
    ]);
    // The focal point's crop (focalCrop: as near the 320x240 card's centre as the picture's edges allow).
    await poll(async () => {
      const img = await thumbs
        .nth(1)
        .locator('img')
        .evaluate((i) => {
          const e = i as HTMLImageElement;
          return { position: e.style.objectPosition, aspect: e.naturalWidth / e.naturalHeight };
        });
      return img.position === focalCrop({ position: '20% 70%', scale: 1 }, 320 / 240, img.aspect).objectPosition;
    }).toBe(true);
    // The 640 px pictures went up with a 480 px copy the browser made; a 320 px thumbnail loads that copy, as WebP.
    await poll(() =>
      thumbs
        .nth(0)
        .locator('img')
        .evaluate((img) => (img as HTMLImageElement).currentSrc),
    ).toMatch(/\?w=480$/);
    const copy = await view.request.get(
      await thumbs
        .nth(0)
        .locator('img')
        .evaluate((img) => (img as HTMLImageElement).currentSrc),
    );
    expect(copy.headers()['content-type']).toBe('image/webp');
    await screenshot(view, 'visitor-gallery');

    await view.goto(`/chan/${channelId}/a/${videoId}`);
    await h1(view, `Walk video ${suffix}`).waitFor();
    const player = view.getByRole('main').locator('video').first();
    const poster = (await player.getAttribute('poster'))!;
    expect(poster).toMatch(/^\/api\/files\/image\//);
    const differences = await posterMatchesFrame(view, poster, (await player.getAttribute('src'))!);
    // The poster is the frame at 1.5 s: nearly equal to it (WebP re-encoding aside), far from the others.
    expect(differences['1.5']).toBeLessThan(2);
    for (const t of ['0', '0.5', '1', '2', '2.9'])
      expect(differences[t]!, `frame at ${t} s`).toBeGreaterThan(differences['1.5']! * 3);
    await screenshot(view, 'visitor-video');

    // 8. The editor unpublishes the video article: the visitor's next request is 404, the history says so.
    await page.goto(`/myaccount/articles/${videoId}`);
    const box = page.locator('section', { has: page.getByRole('heading', { name: 'Publication', exact: true }) });
    await box.getByText('Published: visitors see it.').waitFor();
    await box.getByRole('button', { name: 'Unpublish' }).click();
    const ask = page.getByRole('alertdialog', { name: `Unpublish “Walk video ${suffix}”?` });
    await ask.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText(`“Walk video ${suffix}” is a draft again; visitors no longer see it.`).waitFor();
    await box.getByText('Draft', { exact: true }).waitFor();
    expect((await view.request.get(`/api/articles/${videoId}`)).status()).toBe(404);
    await view.goto(`/chan/${channelId}/a/${videoId}`);
    await view.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor();
    await page.goto('/myaccount/publications');
    await poll(() =>
      page
        .getByRole('table', { name: 'Publications' })
        .getByRole('row', { name: new RegExp(`Walk video ${suffix}`) })
        .getByText('Unpublished')
        .count(),
    ).toBe(1);
    await visitor.close();
    expect(viewProblems).toEqual([]);
    expect(problems).toEqual([]);
  },
);
