// `npm run dev` renders the pages as deployed (docs/decisions/025-server-rendering.md): Vite's development server
// runs the worker in workerd (@cloudflare/vite-plugin), which renders the public routes into index.html as Vite
// transforms it for development, and the browser hydrates them with Vite's modules. Its own server on its own fresh
// state (the e2e setup's wrangler dev serves the production build).
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ROOT, runTool, startViteDevServer, type DevServer } from '#worker/scripts/dev-server';
import { expect, test, watchProblems } from './browser';

const WORK = path.join(ROOT, 'node_modules/.cache/e2e-dev', `run-${process.pid}`);
const STATE = path.join(WORK, 'state');
let server: DevServer | undefined;

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  await runTool('migrations', 'wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE]);
  await runTool('seed', 'tsx', ['worker/scripts/seed.ts', '--persist-to', STATE]);
  server = await startViteDevServer({ state: STATE, logFile: path.join(WORK, 'vite-dev.log'), readyPath: '/api/news' });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(WORK, { recursive: true, force: true });
});

test('under npm run dev, / is rendered by the worker into Vite’s development page', { timeout: 120_000 }, async () => {
  const response = await fetch(`${server!.url}/`);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('<script type="module" src="/@vite/client"></script>'); // Vite's page, not the build's
  expect(html).toMatch(/<div id="root"><.+<h1>News<\/h1>/s); // drawn by the worker, not empty
  expect(html).toContain('Coffee house season opens');
  expect(html).toContain('id="page-data"');
  expect(html).toContain(`<link rel="canonical" href="${server!.url}/">`);
  // React Refresh's inline preamble and Vite's <style> elements: the development page goes without the policy.
  expect(response.headers.get('Content-Security-Policy')).toBeNull();
  expect((await fetch(`${server!.url}/article/${crypto.randomUUID()}`)).status).toBe(404);
});

test(
  'under npm run dev, the browser hydrates the rendered page without errors or data requests',
  {
    timeout: 180_000,
  },
  async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server!.url });
    try {
      const page = await context.newPage();
      const problems = watchProblems(page);
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        // /api/*.ts are the SPA's own modules, which Vite serves in development.
        if (pathname.startsWith('/api/') && !pathname.startsWith('/api/files/') && !pathname.endsWith('.ts'))
          apiCalls.push(pathname);
      });
      await page.goto('/channels');
      await page.getByRole('heading', { level: 1, name: 'Channels' }).waitFor();
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      expect(apiCalls).toEqual([]);
      await page.getByRole('banner').getByRole('link', { name: 'News' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
      // A client-side navigation: the hydrated app, not a second document.
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  },
);
