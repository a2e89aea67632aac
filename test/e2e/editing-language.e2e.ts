// What a German browser reads and edits (decision 056): the pages answer in their URL's language, and an editing
// screen shows the item's own text even when a published German translation exists and the browser prefers German,
// so saving the form can never write the translation into the source.
import type { BrowserContext } from 'playwright-core';
import { expect, loginByApi, newContext, test } from './browser';

const SOURCE_TITLE = 'Café culture in Vienna';
const GERMAN_TITLE = 'Kaffeehauskultur in Wien';

/** The id of the seeded article titled `title`, read in English page by page. */
async function articleId(context: BrowserContext, title: string): Promise<string> {
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await context.request.get(`/api/articles${query}`, { headers: { 'Accept-Language': 'en-US' } });
    const body = (await response.json()) as {
      result: { items: { id: string; title: string }[]; nextCursor: string | null };
    };
    const found = body.result.items.find((a) => a.title === title);
    if (found) return found.id;
    cursor = body.result.nextCursor;
  } while (cursor);
  throw new Error(`No article titled ${title}`);
}

test('a German browser reads pages in their language and edits the source text', async ({ browser }) => {
  const context = await newContext(browser, { locale: 'de-DE' });
  try {
    await loginByApi(context, 'admin');
    const id = await articleId(context, SOURCE_TITLE);
    const page = await context.newPage();

    // An English page stays English in a German browser, also when the SPA asks the API itself: from the search
    // page, the hit opens the article in the browser (a client-side navigation, the article read by fetch).
    await page.goto('/search?q=Vienna');
    await page.getByRole('link', { name: SOURCE_TITLE }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/article/'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(SOURCE_TITLE);

    // The article form, in either interface language, holds the English source, not the German translation.
    for (const [path, label] of [
      [`/myaccount/articles/${id}`, 'Title'],
      [`/de/myaccount/articles/${id}`, 'Titel'],
    ] as const) {
      await page.goto(path);
      const title = page.getByRole('textbox', { name: label, exact: true });
      await expect.poll(() => title.inputValue(), { timeout: 20_000 }).toBe(SOURCE_TITLE);
    }

    // The German page shows the translation.
    await page.goto(`/de/article/${id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(GERMAN_TITLE);
  } finally {
    await context.close();
  }
});
