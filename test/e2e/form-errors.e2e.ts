// Errors people can read, where they look (issue 27 §6.2 and §7; docs/decisions/043-structured-errors.md): on a
// phone (390x844), a wrong current password on the account page is said beside its field, inside the viewport, with
// the focus on that field; a mistyped reviewer link is the 404 page (status 404), not a validation message.
import type { Page } from 'playwright-core';
import { expect, login, newContext, test } from './browser';

const PHONE = { width: 390, height: 844 };

/** Whether the element lies wholly inside the viewport. */
const inViewport = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const box = document.querySelector(css)?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  }, selector);

test('a wrong current password on the phone: the error beside the field, in view, and the focus on it', async ({
  browser,
}) => {
  const context = await newContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await login(page, 'reader');
    await page.goto('/mySO/account');
    await page.getByLabel('New password').fill('a-brand-new-password-42');
    await page.getByLabel('Repeat the password').fill('a-brand-new-password-42');
    const current = page.getByLabel('Current password');
    await current.fill('certainly-not-my-password');
    await page.getByRole('button', { name: 'Save changes' }).click();

    await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await current.getAttribute('aria-describedby'))!.split(' ').at(-1)!;
    const error = page.locator(`[id="${errorId}"]`);
    await expect.poll(() => error.textContent()).toBe('That is not your password.');
    expect(await inViewport(page, `[id="${errorId}"]`)).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement as HTMLInputElement | null;
          return active ? `${active.tagName}:${active.autocomplete}:${active.getAttribute('aria-invalid')}` : 'none';
        }),
      )
      .toBe('INPUT:current-password:true');
    expect(await inViewport(page, 'input[autocomplete="current-password"]')).toBe(true);
    expect(await page.locator('body').textContent()).not.toContain('Current password is wrong');
  } finally {
    await context.close();
  }
});

test('a mistyped or unknown reviewer link is the 404 page, with status 404 from the server', async ({ page }) => {
  for (const token of ['not-a-preview-token', 'A'.repeat(43)]) {
    const response = await page.goto(`/preview/${token}`);
    expect(response?.status(), token).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Page not found');
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain('Validation error');
    expect(text).not.toContain('Expected a preview token');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  }
});
