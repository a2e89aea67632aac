// The kit's one confirmation dialog in Chromium against the real worker (decision 038): leaving a form with unsaved
// changes by a link or by the browser's Back button asks in it (the history held meanwhile), and a Back confirmed
// with 'Leave this page' goes where it was going; a publication rejected with a reason the editor then reads; a
// category deleted with its sub-categories moved up.
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, expect, login, loginByApi, newContext, screenshot, test, watchProblems } from './browser';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const question = 'You have unsaved changes or uploads in progress. Leave this page anyway?';
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/** An /api call from the context (its cookies, the SPA's origin), answering the envelope's result. */
async function apiCall<T>(context: BrowserContext, method: string, url: string, data?: unknown): Promise<T> {
  const response = await context.request.fetch(`/api${url}`, {
    method,
    headers: { Origin: new URL(baseUrl()).origin },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { message: string; result: T };
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${body.message}`);
  return body.result;
}

test('leaving unsaved changes asks in the kit’s dialog, for links and for the Back button', async ({ page }) => {
  const problems = watchProblems(page);
  await login(page, 'editor');
  await page.goto('/myaccount/articles');
  await h1(page, 'Articles').waitFor();
  await page.getByRole('link', { name: 'New article' }).click();
  await h1(page, 'New article').waitFor();
  await page.getByRole('textbox', { name: 'Title' }).fill('Not saved yet');

  // A link inside the app: held while the dialog asks; Cancel (focused) stays.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Channels' }).click();
  const dialog = page.getByRole('alertdialog', { name: question });
  await dialog.waitFor();
  await expect
    .poll(() => dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement))
    .toBe(true);
  await screenshot(page, 'confirm-leave');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/myaccount/articles/new');

  // Back: the history is put back while the dialog asks; Cancel keeps the form and what was typed.
  await page.evaluate(() => history.back());
  await dialog.waitFor();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/myaccount/articles/new');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Not saved yet');
  expect(new URL(page.url()).pathname).toBe('/myaccount/articles/new');

  // Back again, and leave: the list it was going back to.
  await page.evaluate(() => history.back());
  await dialog.getByRole('button', { name: 'Leave this page' }).click();
  await h1(page, 'Articles').waitFor();
  expect(new URL(page.url()).pathname).toBe('/myaccount/articles');
  expect(problems).toEqual([]);
});

test('a category with sub-categories is deleted after the dialog names them; they move up', async ({ page }) => {
  const problems = watchProblems(page);
  await login(page, 'admin');
  await page.goto('/appManagement/categories');
  const parent = unique('Islands');
  const child = unique('Atolls');
  await page.getByRole('button', { name: 'New top-level category' }).click();
  const create = page.getByRole('form', { name: 'New top-level category' });
  await create.getByLabel('Title').fill(parent);
  await create.getByRole('button', { name: 'Create category' }).click();
  await page.getByText(`${parent} has been created.`).waitFor();
  await page.getByRole('button', { name: `Add sub-category to ${parent}` }).click();
  const sub = page.getByRole('form', { name: `New category in ${parent}` });
  await sub.getByLabel('Title').fill(child);
  await sub.getByRole('button', { name: 'Create category' }).click();
  await page.getByText(`${child} has been created.`).waitFor();

  await page.getByRole('button', { name: `Delete ${parent}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete the category ${parent}?` });
  await dialog.getByText(`${parent} has a sub-category: ${child}. It moves up to the top level`).waitFor();
  await dialog.getByRole('button', { name: `Move the sub-category up and delete ${parent}` }).click();
  await page.getByText(`${parent} has been deleted.`).waitFor();
  // The sub-category is a top-level one now, in the tree and in the API.
  const atolls = page.getByRole('link', { name: child, exact: true });
  await atolls.waitFor();
  expect(await atolls.locator('xpath=ancestor::ol').count()).toBe(1);
  const categories = (await (await page.request.get('/api/categories')).json()) as {
    result: { title: string; parentId: string | null }[];
  };
  expect(categories.result.find((c) => c.title === child)?.parentId).toBeNull();
  expect(categories.result.some((c) => c.title === parent)).toBe(false);
  expect(problems).toEqual([]);
});

test('a rejection asks for a reason, which the editor then reads in their publication list', async ({
  browser,
  page,
}) => {
  const problems = watchProblems(page);
  const editor = await newContext(browser);
  await loginByApi(editor, 'contributor');
  const title = unique('Rejected walk');
  const article = await apiCall<{ id: string }>(editor, 'POST', '/articles', { title, type: 'text', channelId: null });
  await apiCall(editor, 'POST', '/publications', { contentId: article.id, type: 'article' });

  await login(page, 'admin');
  await page.goto('/appManagement/publications');
  await page.getByRole('button', { name: `Reject ${title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Reject the request to publish ${title}?` });
  const reason = dialog.getByRole('textbox', { name: 'Reason (optional)' });
  await expect.poll(() => reason.evaluate((field) => field === document.activeElement)).toBe(true);
  await reason.fill('The pictures need credits.');
  await screenshot(page, 'confirm-reject');
  await dialog.getByRole('button', { name: `Reject ${title}` }).click();
  await page.getByText(`The request for ${title} has been rejected.`).waitFor();

  const editorPage = await editor.newPage();
  await editorPage.goto('/myaccount/publications');
  const row = editorPage.getByRole('row').filter({ has: editorPage.getByRole('link', { name: title }) });
  await row.getByText('Reason: The pictures need credits.').waitFor();
  expect(await row.getByText('Rejected', { exact: true }).count()).toBe(1);
  await editor.close();
  expect(problems).toEqual([]);
});
