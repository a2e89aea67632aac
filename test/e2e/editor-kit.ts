// Shared helpers of the editor walks in Chromium (editor*.e2e.ts, the co-editing walks).
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, expect } from './browser';

export const origin = () => new URL(baseUrl()).origin;
/** expect.poll with time for a busy machine (its default is one second). */
export const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000): ReturnType<typeof expect.poll<T>> =>
  expect.poll(fn, { timeout, interval: 100 });

/** An /api call from the context (its cookies, the SPA's origin), answering the envelope's result. */
export async function apiCall<T>(context: BrowserContext, method: string, url: string, data?: unknown): Promise<T> {
  const response = await context.request.fetch(`/api${url}`, {
    method,
    headers: { Origin: origin() },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { code: number; message: string; result: T };
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${body.message}`);
  return body.result;
}

/** Types at the end of the article form's text, in a paragraph of its own. */
export async function typeAtEnd(page: Page, words: string) {
  await page.locator('.rte-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(words, { delay: 15 });
}
