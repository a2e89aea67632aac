// The workspace and account on a 390 × 844 phone (issue 27 §6.3, §6.4): the editor's lists scroll inside their
// own box, never the page sideways; signing out from the account page lands on the home page, not on
// "No permission".
import type { Browser, Page } from 'playwright-core';
import { expect, loginByApi, newContext, screenshot, test, watchProblems } from './browser';

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function phone(browser: Browser, user: 'editor' | 'admin' | 'reader'): Promise<Page> {
  const context = await newContext(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await loginByApi(context, user);
  return context.newPage();
}

/** How wide the page is to scroll: the screen's 390 px when nothing sticks out. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

// Four lists each, on a machine that may be busy: time for them.
test.for(['editor', 'admin'] as const)(
  'on a phone the %s’s lists scroll inside their table, not the page',
  { timeout: 150_000 },
  async (user, { browser }) => {
    const page = await phone(browser, user);
    const problems = watchProblems(page);
    for (const [path, title] of [
      ['/myaccount/articles', 'Articles'],
      ['/myaccount/channels', 'Channels'],
      ['/myaccount/news', 'News'],
      ['/myaccount/publications', 'Publications'],
    ] as const) {
      await page.goto(path);
      await h1(page, title).waitFor();
      // The list, or its empty note (an editor may have no publication requests yet).
      await page.locator('main table, main .kit-empty').first().waitFor();
      const width = await pageWidth(page);
      if (width > 390) await screenshot(page, `workspace-phone-${user}-${title}`);
      expect(width, `${user} ${path}`).toBeLessThanOrEqual(390);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  },
);

test('signing out from the account page lands on the home page', async ({ browser }) => {
  const page = await phone(browser, 'reader');
  const problems = watchProblems(page);
  await page.goto('/mySO/account');
  await h1(page, 'Account').waitFor();
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
  // It stays there: no late redirect to the no-permission page.
  await page.waitForTimeout(500);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { name: 'No permission' }).count()).resolves.toBe(0);
  expect(problems).toEqual([]);
});
