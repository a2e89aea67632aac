// The walk-through's checks that need a real browser: a reader registers and deletes their account; on a
// 390 × 844 phone the gallery viewer fills the screen over an opaque backdrop and pages with a swipe, and the
// scrolled header stays one line of at most 64 px.
import type { Browser, Page } from 'playwright-core';
import { expect, newContext, screenshot, test, watchProblems } from './browser';

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function phone(browser: Browser): Promise<Page> {
  const context = await newContext(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  return context.newPage();
}

test('a reader registers, then deletes their account with their password and is signed out', async ({ page }) => {
  const problems = watchProblems(page);
  const name = `walker${Date.now().toString(36)}`;
  await page.goto('/register');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel(/^E-mail/).fill(`${name}@example.com`);
  await page.getByLabel(/^Password/).fill('a-good-long-password');
  await page.getByLabel(/^Repeat the password/).fill('a-good-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await h1(page, 'mySO').waitFor();

  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await h1(page, 'Account').waitFor();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByLabel(/^Your password, to confirm/).fill('not-my-password');
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await page.getByText('That is not your password.').waitFor();
  await page.getByLabel(/^Your password, to confirm/).fill('a-good-long-password');
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await page.getByText('Your account has been deleted.').waitFor();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
  await screenshot(page, 'walk-account-deleted');

  // The account is gone: signing in with it fails, and mySO asks to sign in.
  await page.goto('/login');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill('a-good-long-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Wrong username or password.').waitFor();
  expect(problems).toEqual([]);
});

test('on a phone the gallery viewer is full-screen and opaque, and a swipe pages it', async ({ browser }) => {
  const page = await phone(browser);
  const problems = watchProblems(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Coffee house season opens' }).click();
  await h1(page, 'Café culture in Vienna').waitFor();
  await page.getByRole('button', { name: /^Open image 1 of 2/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Image 1 of 2/ });
  await dialog.waitFor();

  const backdrop = await page.locator('.viewer-backdrop').evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { width: box.width, height: box.height, background: getComputedStyle(el).backgroundColor };
  });
  expect(backdrop).toEqual({ width: 390, height: 844, background: 'rgb(10, 10, 14)' });
  const picture = dialog.getByRole('img');
  await expect.poll(async () => (await picture.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(380);

  // A swipe to the left: the next picture.
  const figure = page.locator('.viewer-figure');
  const box = (await figure.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await page.getByRole('dialog', { name: /^Image 2 of 2/ }).waitFor();
  await screenshot(page, 'walk-phone-gallery-swiped');

  await page.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect(
    await page.getByRole('button', { name: /^Open image 2 of 2/ }).evaluate((el) => el === document.activeElement),
  ).toBe(true);
  expect(problems).toEqual([]);
  await page.context().close();
});

test('on a phone the header is one line, at most 64 px once the page is scrolled', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto('/');
  await h1(page, 'News').waitFor();
  const brand = page.locator('.brand');
  const lineHeight = await brand.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 24);
  expect((await brand.boundingBox())!.height).toBeLessThan(lineHeight * 1.9);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expect.poll(async () => (await page.locator('.site-header').boundingBox())!.height).toBeLessThanOrEqual(64);
  await screenshot(page, 'walk-phone-header-scrolled');
  await page.context().close();
});
