// Smoke: the server that `npm start` runs serves the SPA with its security headers and the API in its
// envelope, and the SPA boots in Chromium without errors or CSP violations.
import { PAGE_HEADERS } from '#schema/page-headers';
import { baseUrl, expect, screenshot, test, watchProblems } from './browser';

/** The CSP of the SPA's files (schema/page-headers.ts, written into the build's _headers). */
const cspFromHeadersFile = (): string => PAGE_HEADERS['Content-Security-Policy']!;

test('GET / serves the rendered SPA with the CSP and security headers of schema/page-headers.ts', async () => {
  const response = await fetch(baseUrl() + '/');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await response.text()).toMatch(/<div id="root">(<link [^>]*>)*<div class="page">/);
  expect(response.headers.get('content-security-policy')).toBe(cspFromHeadersFile());
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
});

test('a deep link is rendered by the worker with the same headers; a path that is no route is a 404', async () => {
  const response = await fetch(baseUrl() + '/category/travel');
  expect(response.status).toBe(200);
  expect(await response.text()).toMatch(/<div id="root">(<link [^>]*>)*<div class="page">/);
  expect(response.headers.get('content-security-policy')).toBe(cspFromHeadersFile());
  const missing = await fetch(baseUrl() + '/no/such/page');
  expect(missing.status).toBe(404);
  expect(await missing.text()).toMatch(/<div id="root"><div class="page">/);
});

test('a missing file under /assets/ is 404, not the SPA document cached as immutable; real files stay immutable', async () => {
  const html = await (await fetch(baseUrl() + '/')).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const found = await fetch(baseUrl() + script!);
  expect(found.status).toBe(200);
  expect(found.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  for (const mode of ['no-cors', 'navigate']) {
    const missing = await fetch(baseUrl() + '/assets/index-0000dead.js', { headers: { 'Sec-Fetch-Mode': mode } });
    expect(missing.status, mode).toBe(404);
    expect(missing.headers.get('cache-control'), mode).not.toContain('immutable');
    expect(await missing.text(), mode).not.toContain('<div id="root">');
  }
});

test('GET /api/news answers the seeded news in the envelope, newest first', async () => {
  const response = await fetch(baseUrl() + '/api/news');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = await response.json<{ code: number; message: string; result: unknown }>();
  expect(body.code).toBe(200);
  expect(typeof body.message).toBe('string');
  const items = Array.isArray(body.result) ? body.result : (body.result as { items?: unknown[] } | null)?.items;
  expect(Array.isArray(items)).toBe(true);
  const news = items as { title: string; publishedAt: string }[];
  expect(news.length).toBeGreaterThanOrEqual(10);
  expect(news[0]!.title).toBe('Coffee house season opens');
  const times = news.map((n) => Date.parse(n.publishedAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

test('an API call without a session answers a 401 envelope', async () => {
  const response = await fetch(baseUrl() + '/api/users/auth-validate', { method: 'POST' });
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ code: 401, message: expect.any(String), result: null });
});

test('the demo users can sign in with demo-password', async () => {
  for (const [name, role] of [
    ['admin', 'ADMIN'],
    ['editor', 'CLIENT'],
    ['contributor', 'CONTRIBUTOR'],
    ['reader', 'REGULAR_USER'],
  ]) {
    const response = await fetch(baseUrl() + '/api/users/auth', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: name, password: 'demo-password' }),
    });
    expect(response.status, name).toBe(200);
    expect((await response.json<{ result: { name: string; role: string } }>()).result).toMatchObject({ name, role });
  }
});

test('seeded pictures and clips are served from R2 with their types', async () => {
  const categories = await (
    await fetch(baseUrl() + '/api/categories')
  ).json<{ result: { imageHref: string | null }[] }>();
  const href = categories.result.find((c) => c.imageHref)?.imageHref;
  expect(href).toMatch(/^\/api\/files\/image\/[0-9a-f-]{36}\.(jpg|png|webp)$/);
  const picture = await fetch(baseUrl() + href);
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp)$/);
});

test('the SPA boots in Chromium without errors or CSP violations', async ({ page }) => {
  const problems = watchProblems(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await page.locator('#root > .page').waitFor();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'smoke-home');
  expect(problems).toEqual([]);
});
