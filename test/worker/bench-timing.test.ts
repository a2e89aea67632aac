// The bench's request accounting (worker/middleware/bench-timing.ts): a Server-Timing header with the D1 and KV
// calls of the request when BENCH_TIMING is "1", and nothing otherwise.
import { createExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../worker/app';
import { ok } from '../../worker/lib/envelope';
import { BASE, createUser, sessionCookie } from './helpers';
import { createArticle } from './content-factories';

const timed = { ...env, BENCH_TIMING: '1' };

function fetchApp(
  app: ReturnType<typeof buildApp>,
  path: string,
  bindings: Cloudflare.Env,
  cookie?: string,
): Promise<Response> {
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  return Promise.resolve(app.fetch(new Request(BASE + '/api' + path, { headers }), bindings, createExecutionContext()));
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
    expect(res.headers.get('Server-Timing')).toBe('d1;desc="3 round trips, 5 statements", kv;desc="2 reads, 1 write"');
  });

  it('counts the session look-up of a signed-in request and leaves the answer as it was', async () => {
    const article = await createArticle();
    const cookie = await sessionCookie(await createUser());
    const plain = await fetchApp(buildApp(), `/articles/${article.id}`, env, cookie);
    const res = await fetchApp(buildApp(), `/articles/${article.id}`, timed, cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await plain.json());
    const timing = res.headers.get('Server-Timing') ?? '';
    const [, trips, reads] =
      /^d1;desc="(\d+) round trips?, \d+ statements?", kv;desc="(\d+) reads?, \d+ writes?"$/.exec(timing) ?? [];
    expect(Number(trips)).toBeGreaterThanOrEqual(2); // the session joined with its user, then the article
    expect(Number(reads)).toBe(0); // sessions live in D1 (docs/decisions/003), KV is not asked
  });

  it('is on error answers too: a slug that is neither in KV nor in D1', async () => {
    const res = await fetchApp(buildApp(), '/articles/not-a-slug-that-exists', timed);
    expect(res.status).toBe(404);
    expect(res.headers.get('Server-Timing')).toMatch(
      /^d1;desc="1 round trip, 1 statement", kv;desc="1 read, 0 writes"$/,
    );
  });
});
