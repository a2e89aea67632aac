// A visitor's page from the edge cache is served before the D1 session, the session check and the render are set up
// (worker/middleware/edge-cache.ts `edgeCacheFirst` in worker/root.ts, issue 31); a request that carries a credential never is.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { root } from '#worker/root';
import { carriesNoCredential } from '#worker/middleware/edge-cache';
import { createArticle } from './content-factories';
import { BASE, createUser, expectConsoleError, requestLog, sessionCookie } from './helpers';

/** A D1 binding that fails on first touch: a page served without it never set up a D1 session. */
const untouchable = new Proxy({} as D1Database, {
  get(_, prop) {
    throw new Error(`D1 touched (${String(prop)})`);
  },
});

async function page(path: string, headers: Record<string, string> = {}, DB: D1Database = env.DB) {
  const ctx = createExecutionContext();
  const res = await root.fetch(new Request(BASE + path, { headers }), { ...env, DB }, ctx);
  await waitOnExecutionContext(ctx);
  return { res, html: await res.text() };
}

describe('the edge cache first', () => {
  it('serves a cached page to a visitor without touching D1, with the same answer and headers', async () => {
    const article = await createArticle({ title: 'Straight from the edge' });
    const first = await page(`/article/${article.id}`);
    expect(first.res.headers.get('X-Edge-Cache')).toBe('MISS');
    const second = await page(`/article/${article.id}`, {}, untouchable);
    expect(second.res.status).toBe(200);
    expect(second.res.headers.get('X-Edge-Cache')).toBe('HIT');
    expect(second.html).toBe(first.html);
    for (const name of ['Cache-Control', 'Content-Security-Policy', 'Content-Type', 'Vary'])
      expect(second.res.headers.get(name)).toBe(first.res.headers.get(name));
    // The request's log line is written as for any page.
    const line = requestLog.lines.at(-1);
    expect(line).toMatchObject({ status: 200, path: `/article/${article.id}`, userId: null });
    expect(second.res.headers.get('X-Request-Id')).toBe(line?.requestId);
  });

  it('never serves a cached page to a request with a session cookie or a bearer token', async () => {
    const article = await createArticle({ title: 'Read by someone signed in' });
    await page(`/article/${article.id}`);
    expect((await page(`/article/${article.id}`)).res.headers.get('X-Edge-Cache')).toBe('HIT');
    const reader = await createUser();
    const signedIn = await page(`/article/${article.id}`, { Cookie: `locale=en-US; ${await sessionCookie(reader)}` });
    expect(signedIn.res.headers.get('X-Edge-Cache')).toBeNull();
    expect(signedIn.res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(signedIn.html).toContain(reader.id);
    // Both go the long way (the session check), so a D1 that cannot be touched fails them rather than a cache answer.
    expectConsoleError();
    for (const headers of [{ Cookie: 'session=whatever' }, { Authorization: 'Bearer whatever' }] as Record<
      string,
      string
    >[])
      expect((await page(`/article/${article.id}`, headers, untouchable)).res.status).toBe(500);
  });

  it('tells a credential by the session cookie of either name and the Authorization header', () => {
    const h = (init: Record<string, string>) => new Headers(init);
    expect(carriesNoCredential(h({}))).toBe(true);
    expect(carriesNoCredential(h({ Cookie: 'locale=de-DE; theme=dark' }))).toBe(true);
    expect(carriesNoCredential(h({ Cookie: 'my-session=1' }))).toBe(true);
    expect(carriesNoCredential(h({ Cookie: 'session=abc' }))).toBe(false);
    expect(carriesNoCredential(h({ Cookie: 'locale=de-DE;  __Host-session=abc' }))).toBe(false);
    expect(carriesNoCredential(h({ Authorization: 'Bearer x' }))).toBe(false);
  });
});
