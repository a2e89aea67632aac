// The bench's request accounting (worker/middleware/bench-timing.ts): a Server-Timing header with the D1 and KV
// calls of the request when BENCH_TIMING is "1", and nothing otherwise; of the D1 round trips, those the Sessions
// API's model sends to the primary.
import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#worker/app';
import { ok } from '#worker/lib/envelope';
import { BASE, createUser, sessionCookie } from './helpers';
import { createArticle } from './content-factories';

const timed = { ...env, BENCH_TIMING: '1' };

function fetchApp(
  app: ReturnType<typeof buildApp>,
  path: string,
  bindings: Cloudflare.Env,
  cookie?: string,
  method = 'GET',
): Promise<Response> {
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  return Promise.resolve(
    app.fetch(new Request(BASE + '/api' + path, { method, headers }), bindings, createExecutionContext()),
  );
}

/** The D1 counts of an answer's Server-Timing header. */
function d1Counts(res: Response) {
  const timing = res.headers.get('Server-Timing') ?? '';
  const m = /^d1;desc="(\d+) round trips?, (\d+) statements?, (\d+) at the primary"/.exec(timing);
  if (!m) throw new Error(`No D1 counts in ${timing}`);
  return { trips: Number(m[1]), statements: Number(m[2]), atPrimary: Number(m[3]) };
}

/** The cookies an answer sets, as one Cookie header with `cookie` (later values win). */
function withSetCookies(cookie: string, res: Response): string {
  const jar = new Map(cookie.split('; ').map((c) => c.split('=', 2) as [string, string]));
  for (const set of res.headers.getSetCookie()) {
    const [pair] = set.split(';');
    const [name, value] = pair!.split('=', 2) as [string, string];
    if (/max-age=0/i.test(set)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
}

describe('Server-Timing counts for the bench', () => {
  it('is absent without BENCH_TIMING', async () => {
    const article = await createArticle();
    const res = await exports.default.fetch(new Request(`${BASE}/api/articles/${article.id}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('Server-Timing')).toBeNull();
  });

  it('counts each statement run alone as a round trip and a batch as one, and KV reads and writes', async () => {
    const app = buildApp();
    app.get('/__probe/counts', async (c) => {
      const db = c.get('db');
      await c.env.DB.prepare('select ?1 as n').bind(1).first();
      await db.get(sql`select 2 as n`);
      await db.batch([db.run(sql`select 3`), db.run(sql`select 4`), db.run(sql`select 5`)]);
      await c.env.KV.put('bench-probe', 'x');
      await c.env.KV.get('bench-probe');
      await c.env.KV.get('bench-probe-missing');
      return ok(c, null);
    });
    const res = await fetchApp(app, '/__probe/counts', timed);
    expect(res.status).toBe(200);
    // A read's D1 session starts at the nearest replica: only the call on the binding itself is at the primary.
    expect(res.headers.get('Server-Timing')).toBe(
      'd1;desc="3 round trips, 5 statements, 1 at the primary", kv;desc="2 reads, 1 write"',
    );
  });

  it("counts at the primary a write's first call, every call that writes and nothing else", async () => {
    const app = buildApp();
    const name = `bench-probe-${crypto.randomUUID()}`;
    app.post('/__probe/write', async (c) => {
      const d1 = c.get('d1');
      await d1.prepare('select 1 as n').first(); // first of a first-primary session: the primary
      await d1.prepare('select 2 as n').first(); // later reads: a replica at least as new
      await d1.prepare(`insert into app_keys (name, value, created_at) values (?1, 'x', 0)`).bind(name).run(); // forwarded
      await d1.batch([d1.prepare('select 3'), d1.prepare('delete from app_keys where name = ?1').bind(name)]); // writes
      await d1.batch([d1.prepare('select 4'), d1.prepare('select 5')]); // reads only
      return ok(c, null);
    });
    const res = await fetchApp(app, '/__probe/write', timed, undefined, 'POST');
    expect(res.status).toBe(200);
    expect(d1Counts(res)).toEqual({ trips: 5, statements: 7, atPrimary: 3 });
  });

  it("counts a signed-in reader's read like a visitor's once the session ticket is there: no trip to the primary", async () => {
    const article = await createArticle();
    const session = await sessionCookie(await createUser());
    const path = `/articles/${article.id}`;
    // The tickets' key is made once per database, on the first ticket's way out: not this test's subject.
    await fetchApp(buildApp(), path, env, await sessionCookie(await createUser()));
    const visitor = await fetchApp(buildApp(), path, timed);
    const first = await fetchApp(buildApp(), path, timed, session);
    expect(first.status).toBe(200);
    // No ticket yet: the session is looked up in the request's D1 session (a replica), then the article.
    expect(d1Counts(first).trips).toBe(d1Counts(visitor).trips + 1);
    expect(d1Counts(first).atPrimary).toBe(0);
    const ticketed = withSetCookies(session, first);
    expect(ticketed).toMatch(/session-ticket=/);
    const plain = await fetchApp(buildApp(), path, env, ticketed);
    const res = await fetchApp(buildApp(), path, timed, ticketed);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await plain.json());
    // The reader's answer may take more statements (its likes, its grants), in the same one round trip.
    expect(d1Counts(res)).toMatchObject({ trips: d1Counts(visitor).trips, atPrimary: 0 });
    expect(d1Counts(res).trips).toBe(1);
    expect(res.headers.get('Server-Timing')).toMatch(/kv;desc="0 reads, 0 writes"$/); // sessions are not in KV
  });

  it("counts a signed-in write's session look-up at the primary, ticket or not", async () => {
    const session = await sessionCookie(await createUser());
    const first = await fetchApp(buildApp(), '/myso/vm', timed, session);
    const ticketed = withSetCookies(session, first);
    const res = await fetchApp(buildApp(), '/users/auth-validate', timed, ticketed, 'POST');
    expect(res.status).toBe(200);
    expect(d1Counts(res)).toEqual({ trips: 0, statements: 0, atPrimary: 0 }); // a POST that only reads: the ticket
    const logout = await fetchApp(buildApp(), '/users/logout', timed, ticketed);
    expect(logout.status).toBe(200);
    // A GET that writes: the session at the primary (binding), then its delete at the primary (binding).
    expect(d1Counts(logout)).toEqual({ trips: 2, statements: 2, atPrimary: 2 });
  });

  it('is on error answers too: a slug that is neither in KV nor in D1', async () => {
    const res = await fetchApp(buildApp(), '/articles/not-a-slug-that-exists', timed);
    expect(res.status).toBe(404);
    expect(res.headers.get('Server-Timing')).toMatch(
      /^d1;desc="1 round trip, 1 statement, 0 at the primary", kv;desc="1 read, 0 writes"$/,
    );
  });
});
