// Browser fixtures for the end-to-end specs: Chromium through playwright-core against the wrangler dev
// server that global-setup.ts started on the seeded demo. Two ways to use it:
//
//   import { test, expect, login } from './browser';
//   test('reader signs in', async ({ page }) => { await login(page, 'reader'); ... });
//
// or the plain helpers (`newPage()`, closed with the file). Each page has its own browser context, so
// cookies never leak between tests. Locate by role and label, as a user would.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, test as base, expect, inject } from 'vitest';
import { DEMO_PASSWORD } from '#worker/scripts/seed-demo-content';
import { launchChromium } from './chromium';

export { expect };

export type DemoUser = 'admin' | 'editor' | 'contributor' | 'reader';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCREENSHOTS = path.join(ROOT, 'test-results/screenshots');

/** http://127.0.0.1:{port} of the server under test. */
export const baseUrl = (): string => inject('baseUrl');

/** A fresh Chromium with its own temporary profile (playwright makes one per launch). */
export async function launchBrowser(): Promise<Browser> {
  return launchChromium(inject('chromiumPath'));
}

/** A context that resolves relative URLs against the server and refuses anything off it. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  // The portal needs nothing from outside its origin; block it so a test never waits on the network.
  const origin = new URL(baseUrl()).origin;
  await context.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort(),
  );
  return context;
}

let fileBrowser: Promise<Browser> | undefined;
const fileContexts: BrowserContext[] = [];

/** A page in a new context, on one browser shared by the spec file and closed after it. */
export async function newPage(): Promise<Page> {
  fileBrowser ??= launchBrowser();
  const context = await newContext(await fileBrowser);
  fileContexts.push(context);
  return context.newPage();
}

afterAll(async () => {
  for (const context of fileContexts.splice(0)) await context.close().catch(() => {});
  if (fileBrowser) await (await fileBrowser).close();
  fileBrowser = undefined;
});

/** Signs in through the SPA's login form and waits until it has left /login. */
export async function login(page: Page, user: DemoUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Signs in by calling the API from the context (same cookie jar, same Origin as the SPA). */
export async function loginByApi(
  context: BrowserContext,
  user: DemoUser,
): Promise<{ id: string; name: string; role: string }> {
  const response = await context.request.post('/api/users/auth', {
    data: { username: user, password: DEMO_PASSWORD },
    headers: { Origin: new URL(baseUrl()).origin },
  });
  const body = (await response.json()) as {
    code: number;
    message: string;
    result: { id: string; name: string; role: string };
  };
  if (!response.ok()) throw new Error(`Sign-in as ${user} failed: ${response.status()} ${body.message}`);
  return body.result;
}

/** Saves test-results/screenshots/{name}.png (full page) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Collects what went wrong inside the page from now on: uncaught errors, console errors and CSP
 * violations. Failed resource loads (a 401 from a session check, say) are left out: the API answers them.
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/**
 * `test` with fixtures: `browser` (one per file), `context` and `page` (fresh per test). A failing test
 * leaves a screenshot named after it in test-results/screenshots.
 */
export const test = base
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('context', async ({ browser }, { onCleanup }) => {
    const context = await newContext(browser);
    onCleanup(() => context.close());
    return context;
  })
  .extend('page', async ({ context, task, onTestFailed }) => {
    const page = await context.newPage();
    onTestFailed(async () => {
      if (!page.isClosed()) await screenshot(page, `failed-${task.name}`).catch(() => {});
    });
    return page;
  });
