// Largest contentful paint of / and an article page on a slow phone (a Pixel 5's screen, 4x CPU, slow 3G),
// each in a fresh context (cold cache); on / it is the first news picture, in the rendered HTML. Recorded in the log, never asserted on: timings on a shared machine
// vary. `npm run bench` prints the same measurement (test/e2e/slow-phone.ts).
import { baseUrl, expect, newContext, test } from './browser';
import { describePaint, emulateSlowPhone, measureLcp, PHONE } from './slow-phone';

test(
  'on a slow phone / and an article page report a largest contentful paint, and on / it is not a lazy image',
  { timeout: 240_000 },
  async ({ browser }) => {
    const home = await newContext(browser, PHONE);
    const article = await newContext(browser, PHONE);
    try {
      const homePaint = await measureLcp(await home.newPage(), '/');
      console.log(`LCP / (slow phone): ${describePaint(homePaint)}`);
      expect(homePaint).not.toBeNull();
      expect(homePaint!.loading).not.toBe('lazy');
      // The page's largest picture is the first news item's, which the worker renders into the HTML with high
      // priority (worker/pages/render.tsx): the browser fetches it before any script has run.
      const news = (await (await home.request.get(`${baseUrl()}/api/news?limit=1`)).json()) as {
        result: { items: { thumbnailHref: string | null }[] };
      };
      const hero = news.result.items[0]!.thumbnailHref!;
      const page = await home.request.get(`${baseUrl()}/`);
      expect(await page.text()).toMatch(new RegExp(`<img src="${hero}"[^>]*fetchpriority="high"`, 'i'));
      // Rendered by the worker, the page keeps the SPA's headers (schema/page-headers.ts).
      expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
      expect(homePaint!.url).toContain(hero);

      const slug = await article.request.get(`${baseUrl()}/api/slugs/alps-a-week-on-the-high-trail`);
      const { result } = (await slug.json()) as { result: { entityId: string } };
      const articlePaint = await measureLcp(await article.newPage(), `/article/${result.entityId}`);
      console.log(`LCP /article/{id} (slow phone): ${describePaint(articlePaint)}`);
      expect(articlePaint).not.toBeNull();
    } finally {
      await home.close();
      await article.close();
    }
  },
);

test('a rendered page names one small script, which loads the app after the main picture has arrived', async ({
  page,
}) => {
  const html = await (await fetch(`${baseUrl()}/`)).text();
  const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/boot-[\w-]+\.js$/);
  expect(html).not.toContain('rel="modulepreload"');
  const modules = JSON.parse(/<script type="application\/json" id="page-modules">(.*?)<\/script>/.exec(html)![1]!);
  const entry = modules[0] as string;
  const hero = /<img src="([^"]+)"[^>]*fetchpriority="high"/i.exec(html)![1]!;

  const started = new Map<string, number>();
  const finished = new Map<string, number>();
  page.on('request', (request) => started.set(new URL(request.url()).pathname, Date.now()));
  page.on('requestfinished', (request) => finished.set(new URL(request.url()).pathname, Date.now()));
  await emulateSlowPhone(page);
  await page.goto('/');
  // Hydrated: the app took over the page the worker rendered.
  await page.getByRole('button', { name: 'Load more' }).and(page.locator(':enabled')).waitFor({ timeout: 60_000 });
  const heroFinished = [...finished].find(([path]) => path === hero)?.[1];
  expect(heroFinished, `${hero} was fetched`).toBeDefined();
  expect(started.get(entry), `${entry} was fetched`).toBeDefined();
  expect(started.get(entry)!).toBeGreaterThanOrEqual(heroFinished!);
});
