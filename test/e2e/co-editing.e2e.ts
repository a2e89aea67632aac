// Writing together (issue 32, decision 051): an editor and an admin open the same article's form in two browsers,
// see each other in the form's header, type into the text at the same time and both see the same text within a
// second; the title is shared too. The admin goes offline, keeps typing, comes back, and both texts agree. The
// room's save is one revision that credits both.
import type { Page } from 'playwright-core';
import { expect, loginByApi, newContext, test, watchProblems } from './browser';
import { apiCall, poll, typeAtEnd } from './editor-kit';

const text = (page: Page) => page.locator('.rte-content').innerText();
const status = (page: Page) => page.locator('.ws-collab-status');
const people = (page: Page) => page.getByRole('list', { name: 'Editing now' });

test('an editor and an admin write the same article at once, one of them offline for a while', async ({ browser }) => {
  const editorContext = await newContext(browser);
  const adminContext = await newContext(browser);
  try {
    const editor = await loginByApi(editorContext, 'editor');
    const admin = await loginByApi(adminContext, 'admin');
    const article = await apiCall<{ id: string }>(editorContext, 'POST', '/articles', {
      title: 'Written together',
      description: 'The first paragraph.',
      type: 'text',
      channelId: null,
    });
    const [a, b] = [await editorContext.newPage(), await adminContext.newPage()];
    const problems = [...watchProblems(a), ...watchProblems(b)];
    await Promise.all([a.goto(`/myaccount/articles/${article.id}`), b.goto(`/myaccount/articles/${article.id}`)]);
    for (const page of [a, b]) {
      await expect.poll(() => status(page).innerText(), { timeout: 20_000 }).toMatch(/^Live/);
      await poll(() => text(page)).toBe('The first paragraph.');
    }
    // Each sees the other's name (and their own, marked), in the colours the room gave them.
    await poll(() => people(a).innerText()).toContain(admin.name);
    await poll(() => people(b).innerText()).toContain(editor.name);
    expect(await people(a).innerText()).toContain(`${editor.name} (you)`);

    // Both type at once; within a second of the last key both show the same text with both paragraphs.
    await Promise.all([typeAtEnd(a, 'Elena writes this.'), typeAtEnd(b, 'The admin adds that.')]);
    const typed = Date.now();
    await expect
      .poll(async () => [await text(a), await text(b)], { timeout: 1_000, interval: 25 })
      .toSatisfy(([x, y]) => x === y && x!.includes('Elena writes this.') && x!.includes('The admin adds that.'));
    console.info(`both texts agreed ${Date.now() - typed} ms after the last key`);

    // The title is shared the same way.
    const title = b.locator('input[name="title"]');
    await title.click();
    await title.press('End');
    await title.pressSequentially(' today', { delay: 15 });
    await poll(() => a.locator('input[name="title"]').inputValue()).toBe('Written together today');

    // The admin goes offline, keeps writing; the editor writes meanwhile; back online, both texts agree.
    await adminContext.setOffline(true);
    await poll(() => status(b).innerText()).toMatch(/^Offline/);
    await typeAtEnd(b, 'Written offline.');
    await typeAtEnd(a, 'Written while the admin was away.');
    expect(await text(a)).not.toContain('Written offline.');
    await adminContext.setOffline(false);
    await poll(() => status(b).innerText()).toMatch(/^Live/);
    await poll(async () => {
      const [x, y] = [await text(a), await text(b)];
      return x === y && x.includes('Written offline.') && x.includes('Written while the admin was away.');
    }).toBe(true);
    const merged = await text(a);

    // The last one out saves: one revision crediting both, with the merged text.
    await a.close();
    await b.close();
    const saved = () =>
      apiCall<{ description: string; version: number }>(editorContext, 'GET', `/articles/${article.id}`);
    await poll(async () => (await saved()).description.replace(/\n+/g, '\n')).toBe(merged.replace(/\n+/g, '\n'));
    const revisions = await apiCall<{ version: number; authors?: { id: string }[] }[]>(
      editorContext,
      'GET',
      `/revisions/article/${article.id}`,
    );
    const credited = new Set(revisions.flatMap((r) => (r.authors ?? []).map((x) => x.id)));
    expect([...credited].sort()).toEqual([editor.id, admin.id].sort());
    expect(revisions.some((r) => (r.authors ?? []).length === 2)).toBe(true);
    expect(problems).toEqual([]);
  } finally {
    await editorContext.close();
    await adminContext.close();
  }
});
