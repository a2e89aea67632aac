// The admin workspace in Chromium against the real worker: an access request allowed and revoked,
// with the reader's next page load and request checked; a publication approved with an expiry two minutes ahead
// (set in another time zone, stored as UTC; its expiry by the Cron Trigger is test/worker/admin-workspace.test.ts);
// a category moved under another one and the public breadcrumbs following; a contact message read and handled.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expect, login, loginByApi, newContext, screenshot, test, watchProblems } from './browser';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const main = (page: Page) => page.getByRole('main');
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('listitem');
const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'App management sections' }).getByRole('link', { name, exact: true });
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;
const origin = () => new URL(baseUrl()).origin;

async function pageOf(context: BrowserContext): Promise<Page> {
  return context.newPage();
}

/** An admin's page in the workspace section `section`, in its own context (optionally in another time zone). */
async function adminPage(
  browser: Browser,
  options: { timezoneId?: string } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = options.timezoneId
    ? await browser.newContext({
        baseURL: baseUrl(),
        locale: 'en-US',
        timezoneId: options.timezoneId,
        viewport: { width: 1280, height: 800 },
      })
    : await newContext(browser);
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await login(page, 'admin');
  return { page, context };
}

test('a reader’s access request is allowed, then revoked: each takes effect on the reader’s next request', async ({
  browser,
  page,
}) => {
  const problems = watchProblems(page);
  await login(page, 'reader');
  await page.goto('/channels');
  await main(page).getByRole('link', { name: 'Bread & Butter' }).click();
  await main(page).getByRole('link', { name: 'Feeding your starter' }).click();
  await h1(page, 'Feeding your starter').waitFor();
  const articleId = new URL(page.url()).pathname.split('/').at(-1)!;
  const secret = () => main(page).getByText('Equal weights of flour and water, once a day, at the same temperature.');
  expect(await secret().count()).toBe(0);
  await main(page).getByRole('button', { name: 'Request access' }).click();
  await main(page).getByText('Your request for access is waiting for approval.').waitFor();

  const admin = await adminPage(browser);
  await admin.page.goto('/appManagement/access');
  await h1(admin.page, 'App management').waitFor();
  await expect
    .poll(() => tab(admin.page, 'Access requests').getAttribute('aria-describedby'), { timeout: 10_000 })
    .not.toBeNull();
  await admin.page.getByRole('link', { name: 'Feeding your starter' }).first().waitFor();
  await admin.page.getByRole('button', { name: 'Allow reader access to Feeding your starter' }).click();
  await admin.page.getByText('reader may now read Feeding your starter.').waitFor();
  const axe = await new AxeBuilder({ page: admin.page }).analyze();
  await screenshot(admin.page, 'admin-access-allowed');
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The reader's next page load shows the article whole.
  await page.reload();
  await secret().waitFor();
  expect(await main(page).getByRole('button', { name: 'Request access' }).count()).toBe(0);

  // Revoked: the reader's very next request is refused.
  await admin.page.getByRole('button', { name: "Revoke reader's access to Feeding your starter" }).click();
  await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await admin.page.getByText('reader no longer has access to Feeding your starter.').waitFor();
  const check = await page.context().request.get(`/api/userContent/user-access-article/${articleId}`);
  expect((await check.json()).result).toEqual({ access: false });
  const article = await page.context().request.get(`/api/articles/${articleId}`);
  expect((await article.json()).result).toMatchObject({ locked: true, description: '' });
  await page.reload();
  await main(page).getByRole('button', { name: 'Request access' }).waitFor();
  expect(await secret().count()).toBe(0);
  await admin.context.close();
  expect(problems).toEqual([]);
});

test('an editor’s publication request is approved with an expiry two minutes ahead, entered in Berlin time and stored as UTC', async ({
  browser,
  context,
}) => {
  // The editor asks through the API (the editor workspace is another screen); the admin decides in the browser.
  await loginByApi(context, 'editor');
  const title = unique('Press release');
  const created = await context.request.post('/api/articles', {
    data: { title, type: 'text', channelId: null, description: 'Out now.' },
    headers: { Origin: origin() },
  });
  expect(created.status()).toBe(201);
  const articleId = (await created.json()).result.id as string;
  const asked = await context.request.post('/api/publications', {
    data: { contentId: articleId, type: 'article' },
    headers: { Origin: origin() },
  });
  expect(asked.status()).toBe(201);

  const { page, context: adminContext } = await adminPage(browser, { timezoneId: 'Europe/Berlin' });
  const problems = watchProblems(page);
  await page.goto('/appManagement/publications');
  await page.getByRole('link', { name: title }).waitFor();
  await page.getByRole('button', { name: `Set expiry of ${title}` }).click();
  const field = page.getByLabel('Expires at (time zone Europe/Berlin)');
  // Two minutes ahead, as a Berlin wall-clock time in the field.
  const expiry = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
  const berlin = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(expiry)
    .replace(' ', 'T');
  await field.fill(berlin);
  await page.getByRole('button', { name: 'Save expiry' }).click();
  await page.getByText(`The expiry of ${title} has been set.`).waitFor();
  await page.getByRole('button', { name: `Approve ${title}` }).click();
  await page.getByText(`${title} is published.`).waitFor();
  await screenshot(page, 'admin-publication-approved');

  const stored = await adminContext.request.get('/api/publications/requests?status=APPROVED&limit=100');
  const row = (await stored.json()).result.items.find((r: { contentId: string }) => r.contentId === articleId);
  expect(row).toMatchObject({ status: 'APPROVED', expirationDate: expiry.toISOString() });
  // Published: a visitor sees it now.
  const visitor = await browser.newContext({ baseURL: baseUrl() });
  expect((await visitor.request.get(`/api/articles/${articleId}`)).status()).toBe(200);
  await visitor.close();
  await adminContext.close();
  expect(problems).toEqual([]);
});

test('a category moved under another parent: the public breadcrumbs show its new ancestors at once', async ({
  browser,
}) => {
  const { page, context } = await adminPage(browser);
  const problems = watchProblems(page);
  const title = unique('Peaks');
  await page.goto('/appManagement/categories');
  await page.getByRole('button', { name: 'Add sub-category to Europe' }).click();
  const create = page.getByRole('form', { name: 'New category in Europe' });
  await create.getByLabel('Title').fill(title);
  await create.getByLabel('Image').setInputFiles(path.join(import.meta.dirname, '../fixtures/tiny.png'));
  await create.getByRole('button', { name: 'Create category' }).click();
  await page.getByText(`${title} has been created.`).waitFor();
  // The image went up with it (multipart) and is served.
  const made = (
    (await (await context.request.get('/api/categories')).json()).result as {
      title: string;
      imageHref: string | null;
    }[]
  ).find((c) => c.title === title);
  expect(made?.imageHref).toMatch(/^\/api\/files\/image\//);
  expect((await context.request.get(made!.imageHref!)).headers()['content-type']).toBe('image/png');

  // The public page, reached inside the app: its breadcrumbs name the ancestors.
  await page.getByRole('link', { name: title, exact: true }).click();
  await h1(page, title).waitFor();
  const upper = title.toUpperCase();
  await expect
    .poll(() => crumbs(page).allTextContents(), { timeout: 10_000 })
    .toEqual(['Home & News', 'Categories', 'TRAVEL', 'EUROPE', upper]);

  // Back in the workspace (no reload): the parent picker is the tree, indented, without Travel's own sub-tree
  // (the API refuses a move into it).
  await page.goBack();
  await page.getByRole('button', { name: 'Edit Travel' }).click();
  const editTravel = page.getByRole('form', { name: 'Edit Travel' });
  const travelParents = await editTravel.getByLabel('Parent category').locator('option').allTextContents();
  expect(travelParents.some((o) => o.includes(title) || o.includes('Europe'))).toBe(false);
  expect(travelParents).toContain('Food');
  await editTravel.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${title}` });
  const parents = await edit.getByLabel('Parent category').locator('option').allTextContents();
  // Outdoors sits under Travel: indented one level, after Travel.
  expect(parents).toContain('Travel');
  expect(parents.indexOf('\u00a0\u00a0\u00a0– Outdoors')).toBeGreaterThan(parents.indexOf('Travel'));
  await edit.getByLabel('Parent category').selectOption({ label: '\u00a0\u00a0\u00a0– Outdoors' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`${title} has been saved.`).waitFor();
  await screenshot(page, 'admin-category-moved');

  await page.getByRole('link', { name: title, exact: true }).click();
  await h1(page, title).waitFor();
  await expect
    .poll(() => crumbs(page).allTextContents(), { timeout: 10_000 })
    .toEqual(['Home & News', 'Categories', 'TRAVEL', 'OUTDOORS', upper]);
  // A visitor's first visit agrees.
  const visitor = await pageOf(await newContext(browser));
  await visitor.goto(new URL(page.url()).pathname);
  await expect
    .poll(() => crumbs(visitor).allTextContents(), { timeout: 10_000 })
    .toEqual(['Home & News', 'Categories', 'TRAVEL', 'OUTDOORS', upper]);
  await visitor.context().close();
  await context.close();
  expect(problems).toEqual([]);
});

test('a visitor’s contact message is read and marked handled by the admin', async ({ browser, page }) => {
  const name = unique('Vera Visitor');
  await page.goto('/contact');
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Your e-mail').fill('vera@example.com');
  await page.getByLabel('Message').fill('Could you write about alpine huts in winter?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Thank you! We have received your message and will get back to you soon.').waitFor();

  const admin = await adminPage(browser);
  const problems = watchProblems(admin.page);
  await admin.page.goto('/appManagement/messages');
  await expect
    .poll(() => tab(admin.page, 'Messages').getAttribute('aria-describedby'), { timeout: 10_000 })
    .not.toBeNull();
  await admin.page.getByRole('rowheader', { name: `${name} (unread)` }).waitFor();
  await admin.page.getByRole('button', { name: `Read the message from ${name}` }).click();
  const detail = admin.page.getByRole('region', { name: `Message from ${name}` });
  await detail.getByText('Could you write about alpine huts in winter?').waitFor();
  await admin.page.getByRole('rowheader', { name, exact: true }).waitFor();
  await screenshot(admin.page, 'admin-message-open');
  await detail.getByRole('button', { name: 'Mark handled' }).click();
  await admin.page.getByText(`The message from ${name} is handled.`).waitFor();
  await expect
    .poll(() => admin.page.getByRole('rowheader', { name: new RegExp(name) }).count(), { timeout: 10_000 })
    .toBe(0);
  await admin.page.getByLabel('Status').selectOption('handled');
  await admin.page.getByRole('rowheader', { name, exact: true }).waitFor();
  await admin.context.close();
  expect(problems).toEqual([]);
});
