// The audit log in Chromium against the real worker: an editor deletes an article, and an admin finds who did it
// under App management › Audit log (filtered to deleted articles), the title shown without a link (it is gone).
import AxeBuilder from '@axe-core/playwright';
import { baseUrl, expect, login, loginByApi, newContext, screenshot, test, watchProblems } from './browser';

test('an admin finds who deleted an article in the audit log', async ({ browser, page }) => {
  const problems = watchProblems(page);
  const title = `Short-lived loaf ${Date.now().toString(36)}`;
  const origin = new URL(baseUrl()).origin;

  // The editor writes an article and deletes it again (through the API their screens use).
  const editorContext = await newContext(browser);
  const editor = await loginByApi(editorContext, 'editor');
  const created = await editorContext.request.post('/api/articles', {
    data: { title, type: 'text', channelId: null },
    headers: { Origin: origin },
  });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { result: { id: string } }).result;
  const deleted = await editorContext.request.delete(`/api/articles/${id}`, { headers: { Origin: origin } });
  expect(deleted.status()).toBe(200);
  await editorContext.close();

  await login(page, 'admin');
  await page.goto('/appManagement/auditLog');
  await page.getByRole('heading', { level: 2, name: 'Audit log' }).waitFor();
  await page.getByLabel('Entity', { exact: true }).selectOption('article');
  await page.getByLabel('Action', { exact: true }).selectOption('deleted');
  const table = page.getByRole('table', { name: 'Audit log' });
  const row = table.getByRole('row').filter({ hasText: title });
  await row.waitFor();
  expect(await row.getByRole('cell').allInnerTexts()).toEqual(
    expect.arrayContaining([editor.name, 'Deleted', `${title} (article)`]),
  );
  // Gone: its title without a link.
  expect(await row.getByRole('link').count()).toBe(0);
  // Its other entry (created) is filtered out.
  expect(await table.getByRole('row').filter({ hasText: title }).count()).toBe(1);

  const axe = await new AxeBuilder({ page }).analyze();
  await screenshot(page, 'admin-audit-log');
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(problems).toEqual([]);
});
