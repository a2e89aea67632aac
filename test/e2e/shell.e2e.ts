// The shell in Chromium against the seeded demo: guard redirects, a reload on a deep nested route,
// the language switch, a reader signing in and out, focus and scroll on navigation, and axe-core on the
// static and sign-in pages.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { baseUrl, expect, login, screenshot, test, watchProblems } from './browser';

type Envelope<T> = { code: number; message: string; result: T };
async function api<T>(path: string): Promise<T> {
  const response = await fetch(baseUrl() + '/api' + path);
  const body = await response.json<Envelope<T>>();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body.message}`);
  return body.result;
}

/** A category with a public channel that has articles: the pieces of /category/{id}/c/{id}/a/{id}. */
async function nestedArticleRoute() {
  const categories = await api<{ id: string; title: string; parentId: string | null }[]>('/categories');
  // Deepest first, so the breadcrumb shows ancestors.
  const depth = (id: string | null): number =>
    id ? 1 + depth(categories.find((c) => c.id === id)?.parentId ?? null) : 0;
  for (const category of [...categories].sort((a, b) => depth(b.id) - depth(a.id))) {
    const children = await api<{ channels: { id: string; name: string; private: boolean; locked: boolean }[] }>(
      `/categories/${category.id}/children`,
    );
    for (const channel of children.channels.filter((c) => !c.private && !c.locked)) {
      const { items: articles } = await api<{ items: { id: string; title: string; restricted: boolean }[] }>(
        `/channels/${channel.id}/articles`,
      );
      const article = articles.find((a) => !a.restricted) ?? articles[0];
      if (article) {
        const route = await api<{ id: string; title: string }[]>(`/categories/${category.id}/route`);
        return { category, route, channel, article };
      }
    }
  }
  throw new Error('the demo seed has no category with a channel that has articles');
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('listitem');

test('a visitor who opens /mySO is sent to /no-permission, which offers sign-in', async ({ page }) => {
  await page.goto('/mySO');
  await page.waitForURL('**/no-permission');
  await expect(h1(page).textContent()).resolves.toBe('No permission');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/login');
  await screenshot(page, 'shell-no-permission-to-login');
});

test.for(['/myaccount', '/appManagement'])(
  'a reader who opens %s is sent to /no-permission',
  async (path, { page }) => {
    await login(page, 'reader');
    await page.goto(path);
    await page.waitForURL('**/no-permission');
    await expect(h1(page).textContent()).resolves.toBe('No permission');
  },
);

test('an editor reaches /myaccount but not /appManagement; an admin reaches both, and axe is content', async ({
  page,
}) => {
  await login(page, 'editor');
  await page.goto('/myaccount');
  await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  await expect(page.getByLabel('E-mail').inputValue()).resolves.toContain('@');
  await page.goto('/appManagement');
  await page.waitForURL('**/no-permission');
  await page.getByRole('heading', { level: 1, name: 'No permission' }).waitFor();

  await page.getByRole('button', { name: /editor/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
  await login(page, 'admin');
  await page.goto('/appManagement');
  await page.getByRole('heading', { level: 1, name: 'App management' }).waitFor();
  await page.getByRole('combobox', { name: 'Role of reader' }).waitFor();
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  await screenshot(page, 'shell-app-management');
  expect(bad).toEqual([]);
});

test('/mysoherz is the personal area under another name', async ({ page }) => {
  await login(page, 'reader');
  await page.goto('/mysoherz');
  await page.waitForURL('**/mySO');
  await page.getByRole('heading', { level: 1, name: 'mySO' }).waitFor();
});

test('a reload on /category/{id}/c/{id}/a/{id} renders the article with its whole trail', async ({ page }) => {
  const problems = watchProblems(page);
  const { category, route, channel, article } = await nestedArticleRoute();
  const url = `/category/${category.id}/c/${channel.id}/a/${article.id}`;
  await page.goto(url);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
  const expected = [
    'Home & News',
    'Categories',
    ...route.map((c) => c.title.toUpperCase()),
    channel.name.toUpperCase(),
    article.title.toUpperCase(),
  ];
  await expect.poll(async () => crumbs(page).allTextContents(), { timeout: 10_000 }).toEqual(expected);
  const current = page.getByRole('navigation', { name: 'Breadcrumbs' }).locator('[aria-current="page"]');
  await expect(current.textContent()).resolves.toBe(article.title.toUpperCase());
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).locator('[aria-current="page"]').textContent(),
  ).resolves.toBe('Categories');
  await screenshot(page, 'shell-deep-nested-article');
  expect(problems).toEqual([]);
});

test('the language switch turns the portal German and is remembered', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('heading', { level: 1, name: 'About SO Portal' }).waitFor();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de-DE');
  await page.getByRole('heading', { level: 1, name: 'Über SO Portal' }).waitFor();
  await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('de-DE');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Über SO Portal' }).waitFor();
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Impressum' }).click();
  await page.getByRole('heading', { level: 1, name: 'Impressum' }).waitFor();
  await screenshot(page, 'shell-imprint-de');
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
  await page.getByRole('heading', { level: 1, name: 'Imprint' }).waitFor();
});

test('a reader signs in, reaches mySO, and signs out', async ({ page }) => {
  const problems = watchProblems(page);
  await login(page, 'reader');
  const account = page.getByRole('button', { name: /reader/ });
  await account.waitFor();
  await expect(page.evaluate(() => JSON.parse(sessionStorage.getItem('activeUser') ?? 'null')?.name)).resolves.toBe(
    'reader',
  );
  await page.goto('/mySO');
  await page.getByRole('heading', { level: 1, name: 'mySO' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Liked articles' }).waitFor();
  await screenshot(page, 'shell-myso-reader');

  await account.click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
  await expect(page.evaluate(() => sessionStorage.getItem('activeUser'))).resolves.toBeNull();
  await page.goto('/mySO');
  await page.waitForURL('**/no-permission');
  expect(problems).toEqual([]);
});

test('navigation scrolls to the top and moves focus to the new heading', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 400 });
  await page.goto('/imprint');
  await page.getByRole('heading', { level: 1, name: 'Imprint' }).waitFor();
  // A fresh document leaves focus to the browser.
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await page.getByRole('heading', { level: 1, name: 'About SO Portal' }).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The menu works from the keyboard: Tab reaches links, Enter follows them.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Contact');
});

test.for([
  ['about', '/about', 'About SO Portal'],
  ['imprint', '/imprint', 'Imprint'],
  ['contact', '/contact', 'Contact'],
  ['order-channel', '/orderChannel', 'Order a channel'],
  ['login', '/login', 'Sign in'],
  ['register', '/register', 'Create an account'],
  ['forgot-password', '/forgot-password', 'Forgot your password?'],
  ['not-found', '/no/such/page', 'Page not found'],
] as const)('axe finds no serious or critical violation on %s', async ([name, path, heading], { page }) => {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await screenshot(page, `shell-${name}`);
  expect(bad).toEqual([]);
});

test('the contact form shows its validation and then sends', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Please fill in this field.').first().waitFor();
  await page.getByLabel('Your name').fill('Eve Example');
  await page.getByLabel('Your e-mail').fill('not-an-address');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Please enter a valid e-mail address.').waitFor();
  await page.getByLabel('Your e-mail').fill('eve@example.com');
  await page.getByLabel('Message').fill('Hello from the browser test.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Thank you! We have received your message and will get back to you soon.').waitFor();
  await screenshot(page, 'shell-contact-sent');
});
