// Issue 27 §5.1 and §5.2 in a real browser: a category page is readable with JavaScript off (by its slug and by its
// id), and an article page says where it belongs: its channel, its author (whose page lists their published
// articles), its categories and its date, each a link that leads there.
import type { Page } from 'playwright-core';
import { baseUrl, expect, newContext, test, watchProblems } from './browser';

/** The page's one h1, once it says `text` (the app may still be drawing it). */
async function heading(page: Page, text: string): Promise<void> {
  await page.locator('main h1', { hasText: text }).waitFor({ timeout: 30_000 });
  expect(await page.locator('main h1').textContent()).toBe(text);
}

interface Listed {
  id: string;
  slug: string;
  title: string;
  channel: { slug: string; name: string } | null;
  author: { username: string; displayName: string } | null;
  categories: { slug: string; title: string }[];
}

const api = async <T>(path: string): Promise<T> =>
  (await (await fetch(`${baseUrl()}/api${path}`)).json<{ result: T }>()).result;

/** A seeded public article with a channel, an author and a category. */
async function placedArticle(): Promise<Listed> {
  const list = await api<{ items: { id: string; restricted: boolean }[] }>('/articles?limit=100');
  for (const item of list.items.filter((a) => !a.restricted)) {
    const article = await api<Listed>(`/articles/${item.id}`);
    if (article.channel && article.author && article.categories.length > 0) return article;
  }
  throw new Error('the seed has no public article with a channel, an author and a category');
}

test('with JavaScript off, a category page shows its title and contents by slug and by id', async ({ browser }) => {
  const categories = await api<{ id: string; slug: string; title: string }[]>('/categories');
  const category = categories[0]!;
  const children = await api<{ channels: { name: string }[]; articles: { title: string }[] }>(
    `/categories/${category.id}/children`,
  );
  const context = await newContext(browser, { javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    for (const path of [`/category/${category.slug}`, `/category/${category.id}`]) {
      expect((await page.goto(path))?.status()).toBe(200);
      expect(await page.locator('main h1').textContent()).toBe(category.title);
      expect(await page.getByText('Loading…').count()).toBe(0);
      const first = children.channels[0]?.name ?? children.articles[0]?.title;
      if (first) expect(await page.locator('main').textContent()).toContain(first);
    }
  } finally {
    await context.close();
  }
});

test('an article page links its channel, author, categories; the author page lists the article', async ({ page }) => {
  const problems = watchProblems(page);
  const article = await placedArticle();
  await page.goto(`/article/${article.slug}`);
  await heading(page, article.title);
  const header = page.locator('.article-context');
  expect(await header.getByRole('link', { name: article.channel!.name }).getAttribute('href')).toBe(
    `/chan/${article.channel!.slug}`,
  );
  expect(await header.getByRole('link', { name: article.categories[0]!.title }).getAttribute('href')).toBe(
    `/category/${article.categories[0]!.slug}`,
  );
  expect(await header.locator('time').count()).toBe(1);
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
    new RegExp(`/article/${article.slug}$`),
  );

  await header.getByRole('link', { name: article.author!.displayName }).click();
  await page.waitForURL((url) => url.pathname === `/author/${article.author!.username}`, { timeout: 30_000 });
  await heading(page, article.author!.displayName);
  await page.getByRole('link', { name: article.title }).first().waitFor({ timeout: 30_000 });

  await page.getByRole('link', { name: article.title }).first().click();
  await heading(page, article.title);
  await page.locator('.article-context').getByRole('link', { name: article.channel!.name }).click();
  await heading(page, article.channel!.name);
  expect(problems).toEqual([]);
});
