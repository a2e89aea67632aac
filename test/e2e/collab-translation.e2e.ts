// Writing a translation together (issue 32, decision 051): an editor and an admin open the German translation of one
// article beside its source in two browsers, see each other in the translation's header, type into its text and both
// see both texts; the room's save is the translation's (a revision crediting both). Once the article and its German
// translation are published, a visitor reads the merged German text at its German address.
import type { Page } from 'playwright-core';
import { expect, loginByApi, newContext, test, watchProblems } from './browser';
import { apiCall, poll } from './editor-kit';

const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const translationForm = (page: Page) => page.getByRole('form', { name: 'Translation: German' });
const box = (page: Page) => page.locator('section.ws-translation');
const status = (page: Page) => box(page).locator('.ws-collab-status');
const people = (page: Page) => box(page).getByRole('list', { name: 'Editing now' });
const text = (page: Page) => translationForm(page).locator('.rte-content').innerText();

/** Types at the end of the translation's text, in a paragraph of its own. */
async function typeAtEnd(page: Page, words: string) {
  await translationForm(page).locator('.rte-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(words, { delay: 15 });
}

test(
  'an editor and an admin write one German translation together; a visitor reads it once published',
  { timeout: 180_000 },
  async ({ browser }) => {
    const editorContext = await newContext(browser, { viewport: { width: 1280, height: 900 } });
    const adminContext = await newContext(browser, { viewport: { width: 1280, height: 900 } });
    const visitor = await newContext(browser);
    for (const c of [editorContext, adminContext, visitor]) {
      c.setDefaultTimeout(30_000);
      c.setDefaultNavigationTimeout(60_000);
    }
    try {
      const editor = await loginByApi(editorContext, 'editor');
      const admin = await loginByApi(adminContext, 'admin');
      const suffix = Date.now().toString(36);
      const article = await apiCall<{ id: string }>(editorContext, 'POST', '/articles', {
        title: `Harbour together ${suffix}`,
        description: 'The first paragraph.',
        type: 'text',
        channelId: null,
      });
      await apiCall(editorContext, 'POST', `/articles/${article.id}/translations`, {
        language: 'de-DE',
        title: `Hafen gemeinsam ${suffix}`,
        teaser: 'Ein Anreißer.',
        body: { version: 1, children: [paragraph('Der erste Absatz.')] },
      });
      const [a, b] = [await editorContext.newPage(), await adminContext.newPage()];
      const problems = [...watchProblems(a), ...watchProblems(b)];
      const url = `/myaccount/articles/${article.id}?translate=de-DE`;
      await Promise.all([a.goto(url), b.goto(url)]);
      for (const page of [a, b]) {
        await poll(() => status(page).innerText()).toMatch(/^Live/);
        await poll(() => text(page)).toBe('Der erste Absatz.');
      }
      // The source stays read-only beside it.
      expect(await box(a).locator('.ws-translation-source').innerText()).toContain('The first paragraph.');
      await poll(() => people(a).innerText()).toContain(admin.name);
      await poll(() => people(b).innerText()).toContain(editor.name);

      await Promise.all([typeAtEnd(a, 'Elena schreibt dies.'), typeAtEnd(b, 'Die Admin ergänzt das.')]);
      const typed = Date.now();
      await expect
        .poll(async () => [await text(a), await text(b)], { timeout: 2_000, interval: 25 })
        .toSatisfy(([x, y]) => x === y && x!.includes('Elena schreibt dies.') && x!.includes('Die Admin ergänzt das.'));
      console.info(`both translations agreed ${Date.now() - typed} ms after the last key`);

      // The title is shared too.
      const title = translationForm(b).getByRole('textbox', { name: 'Title', exact: true });
      await title.click();
      await title.press('End');
      await title.pressSequentially(' heute', { delay: 15 });
      await poll(() => translationForm(a).getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe(
        `Hafen gemeinsam ${suffix} heute`,
      );

      // The last one out saves the translation: a German revision crediting both; the article's own text is as it was.
      await a.close();
      await b.close();
      const path = `/articles/${article.id}/translations/de-DE`;
      const saved = () => apiCall<{ description: string; version: number; slug: string }>(editorContext, 'GET', path);
      await poll(async () => (await saved()).description).toContain('Die Admin ergänzt das.');
      expect((await saved()).description).toContain('Elena schreibt dies.');
      const revisions = await apiCall<{ authors?: { id: string }[] }[]>(
        editorContext,
        'GET',
        `/revisions/article/${article.id}?language=de-DE`,
      );
      expect(revisions.some((r) => (r.authors ?? []).length === 2)).toBe(true);
      const own = await apiCall<{ description: string }>(editorContext, 'GET', `/articles/${article.id}`);
      expect(own.description).toBe('The first paragraph.');

      // Published (the article, then its German translation, by the admin), the visitor reads the merged text.
      await apiCall(adminContext, 'PUT', `/articles/${article.id}`, { published: true });
      await apiCall(adminContext, 'PUT', path, { published: true });
      const view = await visitor.newPage();
      await view.goto(`/de/article/${(await saved()).slug}`, { waitUntil: 'domcontentloaded' });
      await view.getByRole('heading', { level: 1, name: `Hafen gemeinsam ${suffix} heute` }).waitFor();
      await view.getByText('Elena schreibt dies.').waitFor();
      await view.getByText('Die Admin ergänzt das.').waitFor();
      expect(await view.locator('html').getAttribute('lang')).toBe('de-DE');
      expect(problems).toEqual([]);
    } finally {
      await Promise.all([editorContext.close(), adminContext.close(), visitor.close()]);
    }
  },
);
