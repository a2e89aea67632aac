// A visitor's walk through the seeded demo in Chromium: home and its news, an article with its gallery
// viewer, a video that seeks, channels, the category tree three levels down with its nested routes, the
// search box's type-ahead and the results view; axe on every main page; screenshots as artefacts.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, screenshot, test, watchProblems } from './browser';

/** Runs axe-core on the page as it is now and fails on serious or critical violations. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe on ${name}`).toEqual([]);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const main = (page: Page) => page.getByRole('main');

test('home shows the news feed with badges and pages with Load more', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/');
  await h1(page, 'News').waitFor();
  const feed = page.getByRole('list', { name: 'News feed' });
  const cards = feed.getByRole('article');
  await expect.poll(() => cards.count()).toBe(12);
  await expect.poll(() => feed.getByRole('link', { name: 'Coffee house season opens' }).count()).toBe(1);
  expect(await feed.getByText('Editorial', { exact: true }).count()).toBeGreaterThan(0);
  expect(await feed.getByText('Restricted', { exact: true }).count()).toBeGreaterThan(0);
  expect(await feed.getByText('Ad', { exact: true }).count()).toBeGreaterThan(0);
  // Every picture has its size set, so nothing jumps while they load; only the first row loads eagerly.
  const sizes = await feed
    .locator('img')
    .evaluateAll((imgs) =>
      imgs.map((img) => [img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]),
    );
  expect(sizes.every(([w, h]) => Number(w) > 0 && Number(h) > 0)).toBe(true);
  expect(sizes[0]![2]).toBe('eager');
  expect(sizes[sizes.length - 1]![2]).toBe('lazy');
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'home');
  await screenshot(page, 'visitor-home');

  await main(page).getByRole('button', { name: 'Load more' }).click();
  await expect.poll(() => cards.count()).toBe(13);
  expect(await feed.getByRole('link', { name: 'Fractal craters' }).count()).toBe(1);
  expect(await main(page).getByRole('button', { name: 'Load more' }).count()).toBe(0);
  expect(problems).toEqual([]);
});

test('a news item opens its article; its gallery viewer works by keyboard', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Coffee house season opens' }).click();
  await h1(page, 'Café culture in Vienna').waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/article\/[0-9a-z-]+$/);
  await expect
    .poll(() => main(page).getByText('Marble tables, newspapers on sticks', { exact: false }).count())
    .toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'article');
  await screenshot(page, 'visitor-article');

  const thumb = page.getByRole('button', { name: 'Open image 1 of 2: Café Sperl' });
  await thumb.click();
  const dialog = page.getByRole('dialog', { name: 'Image 1 of 2: Café Sperl' });
  await dialog.waitFor();
  expect(await dialog.getAttribute('aria-modal')).toBe('true');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('ArrowRight');
  await page.getByRole('dialog', { name: 'Image 2 of 2: After the opera' }).waitFor();
  // Tab never leaves the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await page.getByRole('dialog').evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await expectAccessible(page, 'gallery viewer');
  await screenshot(page, 'visitor-gallery-viewer');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  // Focus goes to the thumbnail of the picture that was open (the second one, after →).
  const secondThumb = page.getByRole('button', { name: /^Open image 2 of 2/ });
  expect(await secondThumb.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(problems).toEqual([]);
});

test('a news item pointing at a channel opens the channel', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'New channel: Red Planet Review' }).click();
  await h1(page, 'Red Planet Review').waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/chan\/[0-9a-z-]+$/);
});

test("a video article's player loads metadata and seeks (the server answers Range)", async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Gliding over Tyrol' }).click();
  await h1(page, 'Über den Wolken: a glider flight over Tyrol').waitFor();
  const video = main(page).locator('video');
  await video.waitFor();
  expect(await video.getAttribute('preload')).toBe('metadata');
  expect(await video.getAttribute('controls')).not.toBeNull();
  expect(await video.getAttribute('poster')).toMatch(/^\/api\/files\//);
  const after = await video.evaluate(async (el: HTMLVideoElement) => {
    if (el.readyState < 1) await new Promise((r) => el.addEventListener('loadedmetadata', r, { once: true }));
    el.currentTime = 2;
    await new Promise((r) => el.addEventListener('seeked', r, { once: true }));
    return {
      time: el.currentTime,
      duration: el.duration,
      error: el.error?.code ?? null,
      seekableEnd: el.seekable.length ? el.seekable.end(0) : 0,
    };
  });
  expect(after.error).toBeNull();
  expect(after.duration).toBeGreaterThan(2);
  expect(after.seekableEnd).toBeGreaterThan(2);
  expect(after.time).toBeCloseTo(2, 1);
  await screenshot(page, 'visitor-video');
  expect(problems).toEqual([]);
});

test('channels: the list, a channel page and its articles under /chan/{id}/a/{articleId}', async ({ page }) => {
  await page.goto('/channels');
  await h1(page, 'Channels').waitFor();
  await main(page).getByRole('link', { name: 'Alpine Journal' }).waitFor();
  expect(await main(page).getByRole('link', { name: 'Bread & Butter' }).count()).toBe(1);
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'visitor-channels');
  await main(page).getByRole('link', { name: 'Alpine Journal' }).click();
  await h1(page, 'Alpine Journal').waitFor();
  const channelPath = new URL(page.url()).pathname;
  const articles = main(page).getByRole('region', { name: 'Articles' });
  await articles.getByRole('link', { name: 'Alps: a week on the high trail' }).waitFor();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'channel');
  await screenshot(page, 'visitor-channel');
  await articles.getByRole('link', { name: 'Mountain huts worth the climb' }).click();
  await h1(page, 'Mountain huts worth the climb').waitFor();
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${channelPath}/a/[0-9a-z-]+$`));
});

test('a restricted channel shows a visitor the Sign in way to request access', async ({ page }) => {
  await page.goto('/channels');
  await main(page).getByRole('link', { name: 'Bread & Butter' }).click();
  await h1(page, 'Bread & Butter').waitFor();
  await main(page).getByRole('heading', { name: 'This channel is restricted' }).waitFor();
  expect(await main(page).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
});

test('the category tree, three levels down, then the nested channel and article routes', async ({ page }) => {
  await page.goto('/category');
  await h1(page, 'Categories').waitFor();
  const tree = page.getByRole('navigation', { name: 'Category tree' });
  await tree.getByRole('link', { name: 'Travel', exact: true }).waitFor();
  for (const title of ['Travel', 'Europe', 'Alps', 'Food', 'Pâtisserie', 'Mars']) {
    expect(await tree.getByRole('link', { name: title, exact: true }).count(), title).toBe(1);
  }
  await expectAccessible(page, 'categories');
  await screenshot(page, 'visitor-categories');

  await tree.getByRole('link', { name: 'Travel', exact: true }).click();
  await h1(page, 'Travel').waitFor();
  await main(page).getByRole('link', { name: 'Europe', exact: true }).click();
  await h1(page, 'Europe').waitFor();
  await main(page).getByRole('link', { name: 'Alps', exact: true }).click();
  await h1(page, 'Alps').waitFor();
  const alpsPath = new URL(page.url()).pathname;
  expect(alpsPath).toMatch(/^\/category\/[0-9a-z-]+$/);
  await screenshot(page, 'visitor-category-alps');

  await main(page).getByRole('link', { name: 'Alpine Journal' }).click();
  await h1(page, 'Alpine Journal').waitFor();
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${alpsPath}/c/[0-9a-z-]+$`));
  await main(page)
    .getByRole('region', { name: 'Articles' })
    .getByRole('link', { name: 'Packing light for the Alps' })
    .click();
  await h1(page, 'Packing light for the Alps').waitFor();
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${alpsPath}/c/[0-9a-z-]+/a/[0-9a-z-]+$`));

  await page.goto(alpsPath);
  await main(page)
    .getByRole('region', { name: 'Articles' })
    .getByRole('link', { name: 'Alps: a week on the high trail' })
    .click();
  await h1(page, 'Alps: a week on the high trail').waitFor();
  expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${alpsPath}/a/[0-9a-z-]+$`));
});

test('a category route with a slug resolves; an unknown one says Category not found', async ({ page }) => {
  await page.goto('/category/travel');
  await h1(page, 'Travel').waitFor();
  await page.goto('/category/no-such-category');
  await h1(page, 'Category not found').waitFor();
});

test('search by type-ahead: a few letters, pick with the keyboard', async ({ page }) => {
  await page.goto('/');
  await h1(page, 'News').waitFor();
  const box = page.getByRole('combobox', { name: 'Search articles, channels and categories' });
  await box.click();
  await box.pressSequentially('melan', { delay: 50 });
  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  await listbox.getByRole('option', { name: /The perfect Melange/ }).waitFor();
  expect(await box.getAttribute('aria-expanded')).toBe('true');
  expect(await listbox.getByRole('option').first().textContent()).toContain('Article');
  await screenshot(page, 'visitor-search-typeahead');
  const names = await listbox.getByRole('option').allTextContents();
  const index = names.findIndex((n) => n.startsWith('The perfect Melange'));
  for (let i = 0; i <= index; i++) await box.press('ArrowDown');
  const active = await box.getAttribute('aria-activedescendant');
  expect(await page.locator(`[id="${active}"]`).textContent()).toContain('The perfect Melange');
  await box.press('Enter');
  await h1(page, 'The perfect Melange').waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/article\/[0-9a-z-]+$/);
});

test('the search results view lists every hit with its kind', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search articles, channels and categories' });
  await box.fill('mars');
  await box.press('Enter');
  await h1(page, 'Search results for “mars”').waitFor();
  expect(new URL(page.url()).search).toBe('?q=mars');
  const results = main(page).getByRole('list', { name: 'Results' });
  await results.getByRole('link').first().waitFor();
  const text = await results.textContent();
  expect(text).toContain('Mars: dunes of Gale crater');
  expect(text).toMatch(/Article/);
  expect(text).toMatch(/Category/);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'search');
  await screenshot(page, 'visitor-search-results');
});

test('the article list pages through the newest articles the visitor may see', async ({ page }) => {
  await page.goto('/article');
  await h1(page, 'Articles').waitFor();
  const list = main(page).getByRole('list', { name: 'Newest articles' });
  await list.getByRole('link').first().waitFor();
  const cards = list.locator(':scope > li');
  const firstPage = await cards.count();
  expect(firstPage).toBe(24);
  await main(page).getByRole('button', { name: 'Show more' }).click();
  // The second page took more than expect.poll's default second on the shared machine (760 ms to 1 s+ measured).
  await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(firstPage);
  await expect(main(page).getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
  expect(await list.getByRole('link', { name: 'Alps: a week on the high trail' }).getAttribute('href')).toMatch(
    /^\/chan\/[0-9a-z-]+\/a\/[0-9a-z-]+$/,
  );
  // Not published, or in a private channel: not listed. A hidden channel hides only itself, not its articles.
  expect(await list.getByRole('link', { name: 'Behind the portal' }).count()).toBe(1);
  for (const title of ['Draft: Phobos and Deimos', "Members' weekend in Vienna"]) {
    expect(await list.getByRole('link', { name: title }).count(), title).toBe(0);
  }
  await expectAccessible(page, 'article list');
});
