// A reader's visit in Chromium: signs in from a restricted article's 'Sign in' link and comes back to it,
// likes an article (kept across a reload), asks for access to restricted content, and signs out.
import type { Page } from 'playwright-core';
import { expect, login, screenshot, test, watchProblems } from './browser';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const main = (page: Page) => page.getByRole('main');
const likeButton = (page: Page) => main(page).getByRole('button', { name: 'Like' });

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /reader/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
}

test('a restricted article sends a visitor to sign in and back, then takes an access request', async ({ page }) => {
  const problems = watchProblems(page);
  await page.goto('/channels');
  await main(page).getByRole('link', { name: 'Red Planet Review' }).click();
  await main(page).getByRole('link', { name: 'Landing sites compared' }).click();
  await h1(page, 'Landing sites compared').waitFor();
  const articlePath = new URL(page.url()).pathname;
  await main(page).getByText('Jezero, Gale, Utopia: where and why.').waitFor();
  expect(await main(page).getByText('Each site was chosen for a question').count()).toBe(0);
  expect(await likeButton(page).count()).toBe(0);

  await main(page).getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill('reader');
  await page.getByLabel('Password').fill('demo-password');
  await main(page).getByRole('button', { name: 'Sign in' }).click();
  await h1(page, 'Landing sites compared').waitFor();
  expect(new URL(page.url()).pathname).toBe(articlePath);

  await main(page).getByRole('button', { name: 'Request access' }).click();
  await page.getByText('Your request for access has been sent.').waitFor();
  await main(page).getByText('Your request for access is waiting for approval.').waitFor();
  expect(await main(page).getByRole('button', { name: 'Request access' }).count()).toBe(0);
  await screenshot(page, 'reader-access-requested');

  // The request is remembered: after a reload the page knows it is pending.
  await page.reload();
  await main(page).getByText('Your request for access is waiting for approval.').waitFor();
  await signOut(page);
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
  expect(problems).toEqual([]);
});

test('a reader likes an article, the like survives a reload, and signs out', async ({ page }) => {
  const problems = watchProblems(page);
  await login(page, 'reader');
  await page.goto('/');
  await page.getByRole('link', { name: 'Dunes that move' }).click();
  await h1(page, 'Mars: dunes of Gale crater').waitFor();
  const like = likeButton(page);
  await expect.poll(() => like.isEnabled()).toBe(true);
  expect(await like.getAttribute('aria-pressed')).toBe('false');
  await like.click();
  await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
  await page.getByText('“Mars: dunes of Gale crater” added to your likes').waitFor();
  await screenshot(page, 'reader-liked');

  await page.reload();
  await h1(page, 'Mars: dunes of Gale crater').waitFor();
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => likeButton(page).isEnabled()).toBe(true);
  await likeButton(page).click();
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe('false');
  await likeButton(page).click();
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe('true');

  await signOut(page);
  await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
  await expect.poll(() => likeButton(page).count()).toBe(0);
  expect(problems).toEqual([]);
});

test('a reader sees a liked channel as liked and likes another', async ({ page }) => {
  await login(page, 'reader');
  await page.goto('/channels');
  // The demo seed has the reader like Café Society already.
  await main(page).getByRole('link', { name: 'Café Society' }).click();
  await h1(page, 'Café Society').waitFor();
  await expect.poll(() => likeButton(page).isEnabled()).toBe(true);
  expect(await likeButton(page).getAttribute('aria-pressed')).toBe('true');

  await page.goto('/channels');
  await main(page).getByRole('link', { name: 'Red Planet Review' }).click();
  await h1(page, 'Red Planet Review').waitFor();
  await expect.poll(() => likeButton(page).isEnabled()).toBe(true);
  expect(await likeButton(page).getAttribute('aria-pressed')).toBe('false');
  await likeButton(page).click();
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe('true');
  await page.reload();
  await h1(page, 'Red Planet Review').waitFor();
  await expect.poll(() => likeButton(page).getAttribute('aria-pressed')).toBe('true');
});
