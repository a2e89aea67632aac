// Pages rendered by the worker (worker/pages/): readable with JavaScript off, hydrated without a console error or a
// second request for the data the HTML carries, navigated client-side afterwards; link previews get Open Graph;
// the first visit fetches no file twice.
import { baseUrl, expect, loginByApi, newContext, test, watchProblems } from './browser';

interface ArticleWithGallery {
  id: string;
  title: string;
  description: string;
  media: { kind: 'gallery'; images: { href: string }[] } | { kind: 'video' } | null;
}

/** A seeded public article with a gallery (its first picture is what a visitor must see first). */
async function galleryArticle(): Promise<ArticleWithGallery> {
  const list = await (
    await fetch(`${baseUrl()}/api/articles?limit=100`)
  ).json<{
    result: { items: { id: string; type: string; restricted: boolean }[] };
  }>();
  for (const item of list.result.items.filter((a) => a.type === 'gallery' && !a.restricted)) {
    const { result: article } = await (
      await fetch(`${baseUrl()}/api/articles/${item.id}`)
    ).json<{ result: ArticleWithGallery }>();
    if (article.media?.kind === 'gallery' && article.media.images.length > 0 && article.description) return article;
  }
  throw new Error('the seed has no public article with a gallery');
}

test('with JavaScript off, an article page shows its title, text and the first picture of its gallery', async ({
  browser,
}) => {
  const article = await galleryArticle();
  const context = await newContext(browser, { javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto(`/article/${article.id}`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(article.title);
    const firstParagraph = article.description.split(/\n\s*\n/)[0]!.trim();
    expect(await page.locator('.article-description').textContent()).toContain(firstParagraph.slice(0, 40));
    const first = article.media?.kind === 'gallery' ? article.media.images[0]!.href : '';
    expect(await page.locator(`main img[src^="${first}"]`).count()).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});

test('with JavaScript on, the page hydrates without errors or data requests, then navigates client-side', async ({
  page,
}) => {
  const article = await galleryArticle();
  const problems = watchProblems(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/') && !path.startsWith('/api/files/')) apiCalls.push(`${request.method()} ${path}`);
  });
  await page.goto(`/article/${article.id}`);
  // Hydrated: React has attached its handlers (the gallery's first picture opens the viewer).
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  expect(apiCalls).toEqual([]); // no session check, no second read of the article
  await page.getByRole('banner').getByRole('link', { name: 'Channels' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Channels' }).waitFor();
  // The same document: client-side navigation, as before the pages were rendered on the server.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(problems).toEqual([]);
});

test('a link preview (facebookexternalhit) reads the Open Graph tags of an article', async () => {
  const article = await galleryArticle();
  const response = await fetch(`${baseUrl()}/article/${article.id}`, {
    headers: { 'User-Agent': 'facebookexternalhit/1.1' },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<meta property="og:title" content="${article.title.replaceAll('&', '&amp;')}">`);
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/api\/files\/image\/[^"]+">/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  expect(html).toContain('<meta property="og:type" content="article">');
});

test('the first visit to / fetches no file twice', async ({ page }) => {
  const requested = new Map<string, number>();
  page.on('request', (request) => {
    const url = request.url();
    requested.set(url, (requested.get(url) ?? 0) + 1);
  });
  await page.goto('/');
  await page.getByRole('list', { name: 'News feed' }).waitFor();
  await page.waitForLoadState('networkidle');
  const twice = [...requested].filter(([, n]) => n > 1).map(([url]) => url);
  expect(twice).toEqual([]);
});

test('signed in, a page comes with the reader’s likes: the like shows pressed at once, hydrates without a request, and toggles', async ({
  context,
  page,
}) => {
  const article = await galleryArticle();
  await loginByApi(context, 'reader');
  const headers = { Origin: new URL(baseUrl()).origin };
  const before = (await (await context.request.get('/api/myso/vm')).json()) as {
    result: { articles: { contentId: string }[] };
  };
  const likedBefore = before.result.articles.some((a) => a.contentId === article.id);
  await context.request.post('/api/myso/user-articles', { data: { contentId: article.id }, headers });
  try {
    const problems = watchProblems(page);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/') && !path.startsWith('/api/files/')) apiCalls.push(`${request.method()} ${path}`);
    });
    await page.goto(`/article/${article.id}`);
    const button = page.getByRole('button', { name: 'Like' });
    expect(await button.getAttribute('aria-pressed')).toBe('true'); // in the HTML, before any script ran
    await expect.poll(() => button.isEnabled()).toBe(true); // hydrated
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]); // no GET /myso/vm, no session check
    await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
    expect(problems).toEqual([]); // no hydration mismatch
  } finally {
    if (likedBefore)
      await context.request.post('/api/myso/user-articles', { data: { contentId: article.id }, headers });
    else await context.request.post('/api/myso/user-articles/remove', { data: { contentId: article.id }, headers });
  }
});
