// A user makes an API token in the browser and a program outside the browser calls the API with it: no cookie,
// only `Authorization: Bearer`. Revoked in the browser, the token is refused on the program's very next call.
import { baseUrl, expect, login, test, watchProblems } from './browser';

const bearer = (token: string, path: string, init: RequestInit = {}) =>
  fetch(baseUrl() + '/api' + path, { ...init, headers: { ...init.headers, Authorization: `Bearer ${token}` } });

test('an editor creates a token in /myaccount, a script uses it, and the revocation stops it at once', async ({
  page,
}) => {
  const problems = watchProblems(page);
  await login(page, 'editor');
  await page.goto('/myaccount');
  const section = page.getByRole('region', { name: 'API tokens' });
  const name = `e2e script ${Date.now().toString(36)}`;
  await section.getByRole('textbox', { name: /^Name/ }).fill(name);
  await section.getByRole('combobox', { name: 'Scope' }).selectOption('full');
  await section.getByRole('combobox', { name: 'Expires after' }).selectOption('30');
  await section.getByRole('button', { name: 'Create token' }).click();
  await section.getByText("Copy it now: you won't see it again.", { exact: false }).waitFor();
  const token = await section.getByRole('textbox', { name: 'Your new token' }).inputValue();
  expect(token).toMatch(/^sop_[A-Za-z0-9_-]{43}$/);

  // Outside the browser: Node's fetch, no cookie, no Origin.
  const me = await bearer(token, '/users/auth-validate', { method: 'POST' });
  expect(me.status).toBe(200);
  expect((await me.json<{ result: { name: string } }>()).result.name).toBe('editor');
  const own = await bearer(token, '/workspace/articles?limit=5');
  expect(own.status).toBe(200);
  // What no token may do: make more tokens.
  const mint = await bearer(token, '/tokens', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'minted', scope: 'full', expiresInDays: 30 }),
  });
  expect(mint.status).toBe(403);

  // The list shows it used, never the token; Done hides the token for good.
  await section.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await row.waitFor();
  expect(await page.content()).not.toContain(token);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: `Revoke ${name}` })
    .click();
  await page.getByText(`Token “${name}” revoked.`).waitFor();
  const after = await bearer(token, '/workspace/articles?limit=5');
  expect(after.status).toBe(401);
  expect(after.headers.get('www-authenticate')).toContain('Bearer');
  expect(problems).toEqual([]);
});
