// The pages' half of `npm run fuzz` (worker/scripts/fuzz-pages.ts) through the worker's real fetch handler: hostile
// requests to every page, crawler document and feed, with stored hostile text to render back, get no 5xx, no page
// over 1 MB and no page that grows faster than its input; and the findings it made (issue 27 §2), each pinned.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '#schema/tables';
import { ALL_SCREENS } from '#web/routes/table';
import { fuzzPageRequests, pagePatterns } from '#worker/scripts/fuzz-pages';
import { formatReport, runFuzz, type FuzzRole } from '#worker/scripts/fuzz-requests';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { BASE, call, createUser, expectConsoleError, sessionCookie } from './helpers';

const ROLE_OF: Record<Exclude<FuzzRole, 'anonymous'>, Role> = {
  reader: 'REGULAR_USER',
  editor: 'CLIENT',
  admin: 'ADMIN',
};
const HOSTILE_TEXT = "$` $' $& $1 $<x> $$ <b>\"'&</b>";

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await exports.default.fetch(new Request(BASE + path, { headers, redirect: 'manual' }));
  return { res, html: await res.text() };
}

const pageUser = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)![1]!).user;

describe('the page fuzzer', () => {
  const PAGES = pagePatterns(ALL_SCREENS);

  it("draws its pages from the route table: every screen's URLs and other addresses, the catch-all as unknown", () => {
    expect(PAGES).toEqual(expect.arrayContaining(['/', '/subscribe', '/chan/:channelId/a/:articleId', '/mysoherz']));
    expect(PAGES).toContain('/:unknown');
    expect(PAGES).not.toContain('*');
    expect(PAGES.length).toBe(new Set(PAGES).size);
    const asked = new Set([...fuzzPageRequests({ ids: ['x'], pages: PAGES }, 3000, 1)].map((r) => r.route.path));
    expect(PAGES.filter((p) => !asked.has(p))).toEqual([]);
  });

  it(
    'answers 400 seeded hostile page, document and feed requests with no 5xx and no oversize page',
    { timeout: 180_000 },
    async () => {
      vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'fuzz' });
      expectConsoleError();
      const cookies = new Map<FuzzRole, string>();
      for (const role of ['reader', 'editor', 'admin'] as const)
        cookies.set(role, await sessionCookie(await createUser({ role: ROLE_OF[role] })));
      const category = await createCategory({ title: `Category ${HOSTILE_TEXT}` });
      const channel = await createChannel({ name: `Channel ${HOSTILE_TEXT}`, categoryIds: [category.id] });
      const article = await createArticle({
        channelId: channel.id,
        categoryIds: [category.id],
        title: `Article ${HOSTILE_TEXT}`,
        teaser: HOSTILE_TEXT,
        description: HOSTILE_TEXT.repeat(20),
      });
      await createNewsItem({ refKind: 'article', refId: article.id, title: `News ${HOSTILE_TEXT}` });
      const ids = [category.id, category.slug, channel.id, channel.slug, article.id, article.slug];

      const report = await runFuzz(
        {
          baseUrl: BASE,
          send: (request) => exports.default.fetch(request),
          cookie: (role) => Promise.resolve(role === 'anonymous' ? undefined : cookies.get(role)),
          renew: () => Promise.resolve(),
        },
        fuzzPageRequests({ ids, pages: PAGES }, 400, 20261127),
      );
      console.log(formatReport(report), JSON.stringify(report.statuses));
      expect(report.findings).toEqual([]);
      expect(report.requests).toBe(400);
      expect(report.statuses[200]).toBeGreaterThan(50);
    },
  );
});

describe('what the page fuzzer found', () => {
  it('a page with an invalid bearer token is the page as anonymous, even beside a session cookie', async () => {
    const user = await createUser({ role: 'ADMIN' });
    const cookie = await sessionCookie(user);
    for (const authorization of ['Bearer nonsense', `Bearer sop_${'A'.repeat(43)}`, 'Bearer']) {
      const { res, html } = await page('/', { Authorization: authorization, Cookie: cookie });
      expect(res.status).toBe(200);
      // A bad token grants nothing: not even the cookie's session is read beside it.
      expect(pageUser(html)).toBeNull();
      expect(html).not.toContain(user.name);
    }
    // The API still refuses it, as RFC 6750 asks.
    const api = await call('/news', { headers: { Authorization: 'Bearer nonsense' } });
    expect(api.status).toBe(401);
    expect(api.headers.get('WWW-Authenticate')).toContain('invalid_token');
  });

  it('an id or slug past KV’s 512-byte key limit is a 404, on every page that takes one', async () => {
    const long = 'x'.repeat(600);
    for (const path of [
      `/category/${long}`,
      `/category/${long}/c/${long}`,
      `/chan/${long}`,
      `/article/${long}`,
      `/article/${encodeURIComponent('ü'.repeat(300))}`,
    ]) {
      const { res } = await page(path);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it('a page URL over the bound is a 414, not a 500', async () => {
    const { res } = await page(`/search?q=${'x'.repeat(9000)}`);
    expect(res.status).toBe(414);
  });
});
