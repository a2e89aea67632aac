// The API's middleware as one layer (worker/middleware/chain.ts, issue 31, decision 044): the parts run in order around
// the route, an error in one part is answered there so the parts outside it still finish, a returned Response is the
// answer, and the router sees one layer where it saw thirteen.
import { describe, expect, it } from 'vitest';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '#worker/env';
import { buildApp } from '#worker/app';
import { chain } from '#worker/middleware/chain';
import { HttpError } from '#worker/lib/errors';

const onError = (err: Error, c: { json: (b: unknown, s: 418) => Response }) => c.json({ error: err.message }, 418);

/** A part that marks the answer on its way out, and records that it ran. */
const mark =
  (name: string, seen: string[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    seen.push(`${name} in`);
    await next();
    seen.push(`${name} out`);
    c.res.headers.append('X-Parts', name);
  };

function appWith(parts: MiddlewareHandler<AppEnv>[]) {
  const app = new Hono<AppEnv>();
  app.use(chain(parts, onError));
  app.get('/r', (c) => c.text('route'));
  app.onError(onError);
  return app;
}

describe('chain', () => {
  it('runs its parts in order around the route', async () => {
    const seen: string[] = [];
    const res = await appWith([mark('a', seen), mark('b', seen)]).request('/r');
    expect(await res.text()).toBe('route');
    expect(seen).toEqual(['a in', 'b in', 'b out', 'a out']);
    expect(res.headers.get('X-Parts')).toBe('b, a');
  });

  it('answers an error thrown in a part there, and the parts outside it still finish', async () => {
    const seen: string[] = [];
    const boom: MiddlewareHandler<AppEnv> = async () => {
      throw new HttpError(405, 'no');
    };
    const res = await appWith([mark('outer', seen), boom, mark('never', seen)]).request('/r');
    expect(res.status).toBe(418);
    expect(await res.json()).toEqual({ error: 'no' });
    expect(seen).toEqual(['outer in', 'outer out']);
    expect(res.headers.get('X-Parts')).toBe('outer');
  });

  it("lets the parts outside see an error of the route itself, answered by the app's handler", async () => {
    const seen: string[] = [];
    const app = new Hono<AppEnv>();
    app.use(chain([mark('outer', seen)], onError));
    app.get('/r', () => {
      throw new Error('route failed');
    });
    app.onError(onError);
    const res = await app.request('/r');
    expect(res.status).toBe(418);
    expect(res.headers.get('X-Parts')).toBe('outer');
  });

  it('takes a Response a part returns as the answer', async () => {
    const seen: string[] = [];
    const answer: MiddlewareHandler<AppEnv> = async (c) => c.text('short', 404);
    const res = await appWith([mark('outer', seen), answer]).request('/r');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('short');
    expect(res.headers.get('X-Parts')).toBe('outer');
  });
});

describe("the API's router", () => {
  it('sees one middleware layer for every /api path', () => {
    const api = buildApp();
    const layers = api.routes.filter((r) => r.method === 'ALL' && r.path === '/api/*');
    expect(layers).toHaveLength(1);
  });
});
