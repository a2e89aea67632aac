// What only a real browser's layout shows (issue 27 §9), on a phone (390x844): the header's language select shows
// its whole label and the search field reaches the right margin, the menu toggle turns ✕ and Esc closes it, and an
// unknown article is asked for once (by the server), not again by the page. The category form's Title and Slug sit
// side by side only on a wide screen, so that check runs at 1280x800.
import { expect, loginByApi, newContext, test, watchProblems } from './browser';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test('phone header: the whole language name, a search field to the right margin, ✕ and Esc on the menu', async ({
  browser,
}) => {
  const context = await newContext(browser, PHONE);
  try {
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto('/about');
    const select = page.locator('.language-switch select');
    await select.waitFor();
    expect(await select.inputValue()).toBe('en-US');
    // Its width is what the label needs: let it size itself freely, and it grows no wider.
    const widths = await select.evaluate((el: HTMLElement) => {
      const shown = el.getBoundingClientRect().width;
      const { maxWidth, width } = el.style;
      el.style.maxWidth = 'none';
      el.style.width = 'max-content';
      const natural = el.getBoundingClientRect().width;
      el.style.maxWidth = maxWidth;
      el.style.width = width;
      return { shown, natural };
    });
    expect(widths.shown).toBeGreaterThanOrEqual(widths.natural - 0.5);

    const search = page.getByRole('combobox', { name: 'Search articles, channels and categories' });
    const box = (await search.boundingBox())!;
    const brand = (await page
      .getByRole('link', { name: /SO Portal/ })
      .first()
      .boundingBox())!;
    // The same margin on both sides: from the brand's left edge to the screen's right edge, less that margin.
    expect(Math.abs(390 - (box.x + box.width) - brand.x)).toBeLessThanOrEqual(2);
    expect(box.x).toBeCloseTo(brand.x, 0);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const toggle = page.getByRole('button', { name: 'Menu' });
    const icon = toggle.locator('[aria-hidden="true"]');
    await toggle.waitFor();
    expect(await icon.innerText()).toBe('☰');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await icon.innerText()).toBe('✕');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'News' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await icon.innerText()).toBe('☰');
    expect(
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'News' }).isVisible(),
    ).toBe(false);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('an unknown article is asked for once: by the server, not again by the page', async ({ browser }) => {
  const context = await newContext(browser, PHONE);
  try {
    const page = await context.newPage();
    const id = crypto.randomUUID();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(`/api/articles/${id}`)) asked.push(request.url());
    });
    const response = await page.goto(`/article/${id}`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The header hydrated (its search answers), and still nothing went out for the article.
    await page.getByRole('search', { name: 'Site search' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  } finally {
    await context.close();
  }
});

test('without JavaScript the header search is a working form and a form that needs a script says so', async ({
  browser,
}) => {
  const context = await newContext(browser, { ...PHONE, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/about');
    const search = page.getByRole('combobox', { name: 'Search articles, channels and categories' });
    await search.fill('Vienna');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'Vienna');
    // The server rendered the results (the demo's category Vienna).
    await page
      .getByRole('main')
      .getByRole('link', { name: /Vienna/ })
      .first()
      .waitFor();
    // The sign-in form says why it cannot send. (Chromium with scripts switched off by the test harness still
    // parses <noscript> as text, so the note is checked in the page the server sends.)
    const login = await (await context.request.get('/login')).text();
    expect(login).toContain(
      '<noscript><p class="form-alert">This form needs JavaScript: please turn it on in your browser to send it.</p></noscript>',
    );
  } finally {
    await context.close();
  }
});

test('category form: Title and Slug side by side have one height', async ({ browser }) => {
  const context = await newContext(browser);
  try {
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    await page.goto('/appManagement/categories');
    await page.getByRole('button', { name: 'New top-level category' }).click();
    const form = page.getByRole('form', { name: 'New top-level category' });
    const title = (await form.getByLabel('Title').boundingBox())!;
    const slug = (await form.getByLabel('Slug').boundingBox())!;
    expect(slug.y).toBeCloseTo(title.y, 0); // side by side
    expect(slug.height).toBeCloseTo(title.height, 0);
  } finally {
    await context.close();
  }
});
