// Translations end to end (issue 29), in Chromium against wrangler dev: an editor translates an article side by side
// (source read-only on the left on a wide window, stacked on a phone), the language bar shows the draft and then the
// outdated mark; a contributor's translation goes through an admin's approval before a visitor sees it at its German
// slug; a visitor's language switch stays on the article, in German at its German slug and back.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, loginByApi, newContext, test, watchProblems } from './browser';
import { apiCall, poll } from './editor-kit';

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const suffix = Date.now().toString(36);

interface Created {
  id: string;
  slug: string;
}

async function signedIn(
  browser: Browser,
  user: 'admin' | 'editor' | 'contributor',
  viewport = { width: 1280, height: 800 },
) {
  const context = await newContext(browser, { viewport });
  // The workspace's form and its editor load lazily; give a busy machine time (the walks share 2 cores).
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(60_000);
  await loginByApi(context, user);
  return { context, page: await context.newPage() };
}

/** The language bar's entry of a language ("German Draft"). */
const languageEntry = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Languages' }).getByRole('listitem').filter({ hasText: name });

/** Types the translation of an open "Translation: German" form and saves it. */
async function translate(page: Page, texts: { title: string; teaser: string; text: string }) {
  const form = page.getByRole('form', { name: 'Translation: German' });
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(texts.title);
  await form.getByRole('textbox', { name: 'Teaser', exact: true }).fill(texts.teaser);
  const text = form.getByRole('textbox', { name: 'Text', exact: true });
  await text.click();
  await page.keyboard.type(texts.text);
  await form.getByRole('button', { name: 'Save translation' }).click();
  await page.getByText('Translation saved (German).').waitFor();
}

/** Publishes an article the way a contributor's goes public: a request, an admin's approval. */
async function publishArticle(owner: BrowserContext, admin: BrowserContext, id: string) {
  await apiCall(owner, 'POST', '/publications', { contentId: id, type: 'article' });
  const listed = await apiCall<{ items: { id: string; contentId: string }[] }>(
    admin,
    'GET',
    '/publications/requests?status=PENDING&limit=100',
  );
  const request = listed.items.find((r) => r.contentId === id)!;
  await apiCall(admin, 'PUT', '/publications/update-status', { id: request.id, status: 'APPROVED' });
}

test(
  'an editor translates an article side by side; the language bar shows draft, then outdated',
  { timeout: 150_000 },
  async ({ browser }) => {
    const { context, page } = await signedIn(browser, 'editor');
    const problems = watchProblems(page);
    const article = await apiCall<Created>(context, 'POST', '/articles', {
      title: `Harbour lights ${suffix}`,
      type: 'text',
      channelId: null,
      teaser: 'Lights along the quay.',
      description: 'The harbour at night.',
    });
    await page.goto(`/myaccount/articles/${article.id}`, { waitUntil: 'domcontentloaded' });
    await h1(page, `Harbour lights ${suffix}`).waitFor();
    await poll(() => languageEntry(page, 'German').textContent()).toContain('Missing');
    expect(await languageEntry(page, 'English').textContent()).toContain('Source');
    await page.getByRole('button', { name: 'Add translation: German' }).click();

    // Side by side on a wide window: the source read-only on the left, the translation's form on the right.
    const source = page.getByRole('region', { name: 'Source (English)' });
    const form = page.getByRole('form', { name: 'Translation: German' });
    await form.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
    expect(await source.textContent()).toContain('Lights along the quay.');
    expect(await source.getByRole('textbox').count()).toBe(0);
    const [left, right] = [(await source.boundingBox())!, (await form.boundingBox())!];
    expect(left.x + left.width).toBeLessThanOrEqual(right.x);
    expect(Math.abs(left.y - right.y)).toBeLessThan(40);
    await translate(page, { title: `Hafenlichter ${suffix}`, teaser: 'Lichter am Kai.', text: 'Der Hafen bei Nacht.' });
    await poll(() => languageEntry(page, 'German').textContent()).toContain('Draft');

    // Stacked on a phone: the source above the form, both the full width.
    await page.setViewportSize({ width: 390, height: 844 });
    await poll(async () => {
      const [s, f] = [(await source.boundingBox())!, (await form.boundingBox())!];
      return s.y + s.height <= f.y && Math.abs(s.x - f.x) < 2;
    }).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    const stored = await apiCall<{ title: string; teaser: string; state: string; outdated: boolean }>(
      context,
      'GET',
      `/articles/${article.id}/translations/de-DE`,
    );
    expect(stored).toMatchObject({ title: `Hafenlichter ${suffix}`, teaser: 'Lichter am Kai.', state: 'draft' });
    expect(stored.outdated).toBe(false);

    // The source's text changes: German is outdated.
    await page.getByRole('button', { name: 'Close translation' }).click();
    const teaser = page.getByRole('textbox', { name: 'Teaser', exact: true });
    await teaser.fill('Lights along the old quay.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await poll(() => languageEntry(page, 'German').textContent()).toContain('Outdated');
    expect(problems).toEqual([]);
    await context.close();
  },
);

test(
  'a contributor translates their article; German goes public only once an admin approves it',
  { timeout: 150_000 },
  async ({ browser }) => {
    const admin = await signedIn(browser, 'admin');
    const { context, page } = await signedIn(browser, 'contributor');
    const problems = watchProblems(page);
    const title = `Mountain bakery ${suffix}`;
    const article = await apiCall<Created>(context, 'POST', '/articles', {
      title,
      type: 'text',
      channelId: null,
      teaser: 'Bread at 2000 metres.',
      description: 'The oven is lit at four.',
    });
    await publishArticle(context, admin.context, article.id);

    await page.goto(`/myaccount/articles/${article.id}`, { waitUntil: 'domcontentloaded' });
    await h1(page, title).waitFor();
    await page.getByRole('button', { name: 'Add translation: German' }).click();
    await translate(page, {
      title: `Bergbäckerei ${suffix}`,
      teaser: 'Brot auf 2000 Metern.',
      text: 'Der Ofen brennt um vier.',
    });
    const saved = await apiCall<{ slug: string }>(context, 'GET', `/articles/${article.id}/translations/de-DE`);
    expect(saved.slug).toMatch(/^bergbackerei|^bergbaeckerei/);

    // Before approval a visitor gets the English text with the fallback line at the source's slug, and the draft's
    // own slug names nothing (decision 054: an unknown slug's 404): the draft's text and title are nowhere.
    const visitor = await newContext(browser);
    visitor.setDefaultTimeout(30_000);
    visitor.setDefaultNavigationTimeout(60_000);
    const view = await visitor.newPage();
    await view.goto(`/de/article/${article.slug}`, { waitUntil: 'domcontentloaded' });
    await h1(view, title).waitFor();
    await view.getByText('Nur auf Englisch verfügbar').waitFor();
    const draft = await view.goto(`/de/article/${saved.slug}`, { waitUntil: 'domcontentloaded' });
    expect(draft?.status()).toBe(404);
    for (const leak of [`Bergbäckerei ${suffix}`, 'Der Ofen brennt um vier.'])
      expect(await view.getByText(leak).count()).toBe(0);

    // The contributor asks for German.
    const request = page.getByRole('group', { name: 'Translations to publish' });
    await request.getByRole('checkbox', { name: 'German' }).check();
    await page.getByRole('button', { name: 'Request publication' }).click();
    await page.getByText('Publication requested. An admin decides.').waitFor();

    // The admin approves it in the admin screen.
    await admin.page.goto('/appManagement/publications', { waitUntil: 'domcontentloaded' });
    await admin.page.getByRole('button', { name: new RegExp(`^Approve ${title}`) }).click();
    await admin.page.getByText(new RegExp(`${title}.* is published`)).waitFor();

    await view.goto(`/de/article/${saved.slug}`, { waitUntil: 'domcontentloaded' });
    await h1(view, `Bergbäckerei ${suffix}`).waitFor();
    await view.getByText('Der Ofen brennt um vier.').waitFor();
    expect(await view.getByText('Nur auf Englisch verfügbar').count()).toBe(0);
    expect(await view.locator('html').getAttribute('lang')).toBe('de-DE');
    expect(problems).toEqual([]);
    await Promise.all([context.close(), admin.context.close(), visitor.close()]);
  },
);

test(
  'a visitor switches language on an article and stays on it; an untranslated one falls back',
  { timeout: 150_000 },
  async ({ browser }) => {
    const visitor = await newContext(browser);
    visitor.setDefaultTimeout(30_000);
    visitor.setDefaultNavigationTimeout(60_000);
    const page = await visitor.newPage();
    const problems = watchProblems(page);
    const found = await apiCall<{ items: { title: string; slug: string }[] }>(visitor, 'GET', '/articles?limit=100');
    const alps = found.items.find((a) => a.title === 'Alps: a week on the high trail')!;
    await page.goto(`/article/${alps.slug}`, { waitUntil: 'domcontentloaded' });
    await h1(page, alps.title).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');

    // The switch acts once the page is hydrated: choose again (English, then German) until it has.
    await page.waitForLoadState('load');
    const choose = async (select: string, tag: string, other: string, arrived: (path: string) => boolean) =>
      poll(async () => {
        if (arrived(new URL(page.url()).pathname)) return true;
        const box = page.getByRole('combobox', { name: select });
        await box.selectOption(other, { timeout: 2000 }).catch(() => {});
        await box.selectOption(tag, { timeout: 2000 }).catch(() => {});
        return arrived(new URL(page.url()).pathname);
      }, 60_000).toBe(true);
    await choose('Language', 'de-DE', 'en-US', (path) => path.startsWith('/de/article/'));
    await h1(page, 'Alpen: eine Woche auf dem Höhenweg').waitFor();
    const german = new URL(page.url()).pathname;
    expect(german).not.toBe(`/de/article/${alps.slug}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
    await page.getByRole('combobox', { name: 'Sprache' }).waitFor();

    await page.waitForLoadState('load');
    await choose('Sprache', 'en-US', 'de-DE', (path) => path === `/article/${alps.slug}`);
    await h1(page, alps.title).waitFor();

    // An article without a German translation: the English text, the line, a canonical to the English URL.
    // The first listed article without a German translation (the seed leaves most untranslated).
    let plain: { title: string; slug: string } | undefined;
    for (const candidate of found.items) {
      const own = await apiCall<{ translations: { language: string }[] }>(
        visitor,
        'GET',
        `/articles/${candidate.slug}`,
      );
      if (!own.translations.some((t) => t.language === 'de-DE')) {
        plain = candidate;
        break;
      }
    }
    if (!plain) throw new Error('The seed has no untranslated article');
    await page.goto(`/de/article/${plain.slug}`, { waitUntil: 'domcontentloaded' });
    await h1(page, plain.title).waitFor();
    await page.getByText('Nur auf Englisch verfügbar').waitFor();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname).toBe(`/article/${plain.slug}`);
    expect(problems).toEqual([]);
    await visitor.close();
  },
);
