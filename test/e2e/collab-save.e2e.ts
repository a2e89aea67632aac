// Save in a co-editing room (issue 32, decision 051): "saving works as today for the people in the room". The room
// saves the shared text on its own every few seconds, so the version the form started from goes stale while its
// person types; their Save then goes over the room's own save without the conflict dialog. A change someone else
// made to a field the room does not write (a flag, over the API) still opens the dialog.
import { expect, loginByApi, newContext, test, watchProblems } from './browser';
import { apiCall, poll, typeAtEnd } from './editor-kit';

test("Save in a live room goes over the room's own save; someone else's flag still opens the conflict dialog", async ({
  browser,
}) => {
  const context = await newContext(browser);
  try {
    await loginByApi(context, 'editor');
    const created = await apiCall<{ id: string; version: number }>(context, 'POST', '/articles', {
      title: 'Saved in the room',
      description: 'The first paragraph.',
      type: 'text',
      channelId: null,
    });
    const stored = () =>
      apiCall<{ description: string; version: number; hidden: boolean }>(context, 'GET', `/articles/${created.id}`);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`/myaccount/articles/${created.id}`);
    await expect.poll(() => page.locator('.ws-collab-status').innerText(), { timeout: 20_000 }).toMatch(/^Live/);

    // The room saves what was typed on its own: the version the form started from is stale now.
    await typeAtEnd(page, 'Typed in the room.');
    await poll(async () => (await stored()).version, 30_000).toBeGreaterThan(created.version);
    const roomSaved = (await stored()).version;

    // Save: no dialog, the success notice, and the text saved with a newer version.
    await typeAtEnd(page, 'Saved by hand.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(await page.getByText('Someone else saved this meanwhile').count()).toBe(0);
    await poll(async () => (await stored()).description).toContain('Saved by hand.');
    expect((await stored()).version).toBeGreaterThan(roomSaved);

    // Someone else hides the article (a field the room does not write): the next Save meets the conflict dialog.
    await apiCall(context, 'PUT', `/articles/${created.id}`, { hidden: true, version: (await stored()).version });
    await typeAtEnd(page, 'After the flag.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Someone else saved this meanwhile').waitFor({ timeout: 10_000 });
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});
