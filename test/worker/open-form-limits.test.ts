// Anti-automation on the open forms and search (docs/decisions/021-anti-automation.md): limits per address in D1 for
// the forms, the Rate Limiting binding for search (decision 044: a read costs no D1 write), a global cap on the contact
// form's mails, the edge cache answering repeated searches uncounted, and Turnstile where configured (only its
// siteverify call is stubbed).
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientConfig } from '#schema/entities';
import { rateCounters } from '#schema/tables';
import { app } from '#worker/app';
import { CONTACT_MAILS, OPEN_LIMITS, SEARCH_LIMIT } from '#worker/services/rate-limit';
import { CHALLENGE_FAILED, TURNSTILE_VERIFY_URL } from '#worker/services/turnstile';
import { as, BASE, call, db, unique } from './helpers';
// eslint-disable-next-line no-restricted-imports -- wrangler.toml sits at the root, outside every aliased folder
import wranglerToml from '../../wrangler.toml?raw';

afterEach(() => vi.restoreAllMocks());

let ipCounter = 0;
/** A client address of its own for each use, so one test's counts never touch another's. */
const freshIp = () => `192.0.${(Date.now() >> 8) % 200}.${ipCounter++ % 250}`;

const registration = () => {
  const name = unique('member');
  return { name, email: `${name}@example.com`, password: 'a-long-password-1' };
};
const contactMessage = () => ({ kind: 'contact', name: 'Ada', email: `${unique('s')}@example.com`, message: 'Hello' });

describe('registration', () => {
  it(`accepts ${OPEN_LIMITS.register.max} accounts an hour from one address, then 429 with Retry-After`, async () => {
    const ip = freshIp();
    const headers = { 'CF-Connecting-IP': ip };
    for (let i = 0; i < OPEN_LIMITS.register.max; i++)
      expect((await call('/users', { method: 'POST', headers, body: registration() })).status).toBe(201);
    const refused = await call('/users', { method: 'POST', headers, body: registration() });
    expect(refused.body).toEqual({ code: 429, message: OPEN_LIMITS.register.message, result: null });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3500);
    // Another address registers; an ADMIN creating accounts from the refused one is not counted.
    expect(
      (await call('/users', { method: 'POST', body: registration(), headers: { 'CF-Connecting-IP': freshIp() } }))
        .status,
    ).toBe(201);
    const admin = await as('ADMIN');
    for (let i = 0; i < 3; i++)
      expect((await admin.call('/users', { method: 'POST', headers, body: registration() })).status).toBe(201);
  });
});

describe('contact and order forms', () => {
  it(`take ${OPEN_LIMITS.contact.max} messages an hour from one address, then 429`, async () => {
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
    const headers = { 'CF-Connecting-IP': freshIp() };
    for (let i = 0; i < OPEN_LIMITS.contact.max; i++)
      expect((await call('/contact', { method: 'POST', headers, body: contactMessage() })).status).toBe(201);
    const refused = await call('/contact', { method: 'POST', headers, body: contactMessage() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3500);
  });

  it(`mail at most ${CONTACT_MAILS.max} messages an hour to the site from rotating addresses; the rest are kept unmailed`, async () => {
    const send = vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
    // The cap counts every mail of the window, this file's earlier ones too.
    const mailed =
      (await db().select().from(rateCounters).where(eq(rateCounters.key, 'contact:mails')).get())?.count ?? 0;
    const admin = await as('ADMIN');
    const before = (await admin.call('/contact/messages?limit=100')).body.result.items.length as number;
    const extra = 5;
    for (let i = 0; i < CONTACT_MAILS.max + extra; i++) {
      const res = await call('/contact', {
        method: 'POST',
        headers: { 'CF-Connecting-IP': freshIp() },
        body: contactMessage(),
      });
      expect(res.status).toBe(201);
    }
    expect(send).toHaveBeenCalledTimes(CONTACT_MAILS.max - mailed);
    const listed = (await admin.call('/contact/messages?limit=100')).body.result.items.length as number;
    expect(listed - before).toBe(Math.min(100 - before, CONTACT_MAILS.max + extra));
  });
});

describe('search', () => {
  const search = (searchText: string, options: { ip: string; cookie?: string }) =>
    call('/search/search', {
      method: 'POST',
      body: { searchText },
      headers: { 'CF-Connecting-IP': options.ip },
      cookie: options.cookie,
    });

  it(`answers ${SEARCH_LIMIT.max} searches per ${SEARCH_LIMIT.periodSeconds} s from one address that reach the query, then 429, writing nothing to D1`, async () => {
    const reader = await as('REGULAR_USER');
    const counters = async () => (await db().select().from(rateCounters).all()).length;
    const before = await counters();
    /**
     * Searches in parallel batches until the first 429; how many were answered before it. The binding's windows are
     * fixed periods: one that ends midway starts the count over, so the refusal may come a window later, never before
     * a whole budget was answered.
     */
    const untilRefused = async (options: { ip: string; cookie?: string }) => {
      let answered = 0;
      for (let sent = 0; sent <= 2 * SEARCH_LIMIT.max + 40; sent += 20) {
        const batch = await Promise.all(Array.from({ length: 20 }, (_, i) => search(`alpine ${sent + i}`, options)));
        const refused = batch.find((res) => res.status === 429);
        answered += batch.filter((res) => res.status === 200).length;
        if (refused) return { answered, refused };
      }
      return { answered, refused: undefined };
    };
    const { answered, refused } = await untilRefused({ ip: freshIp(), cookie: reader.cookie });
    expect(answered).toBeGreaterThanOrEqual(SEARCH_LIMIT.max);
    expect(refused?.body).toEqual({ code: 429, message: SEARCH_LIMIT.message, result: null });
    expect(Number(refused?.headers.get('Retry-After'))).toBe(SEARCH_LIMIT.periodSeconds);
    // Another address has its own budget; visitors are counted like readers.
    expect((await search('alpine', { ip: freshIp(), cookie: reader.cookie })).status).toBe(200);
    const visitor = await untilRefused({ ip: freshIp() });
    expect(visitor.answered).toBeGreaterThanOrEqual(SEARCH_LIMIT.max);
    expect(visitor.refused?.status).toBe(429);
    // The counts live in the binding, not in D1: a search is a read.
    expect(await counters()).toBe(before);
  }, 120_000);

  it('counts under the limit the binding in wrangler.toml holds', async () => {
    const toml = wranglerToml.match(
      /\[\[ratelimits\]\][^[]*name = "SEARCH_LIMIT"[^[]*simple = \{ limit = (\d+), period = (\d+) \}/,
    );
    expect(toml?.slice(1).map(Number)).toEqual([SEARCH_LIMIT.max, SEARCH_LIMIT.periodSeconds]);
  });

  it('neither counts nor refuses what the edge cache answers: repeated short searches of visitors', async () => {
    const ip = freshIp();
    for (let i = 0; i < SEARCH_LIMIT.max + 30; i++) expect((await search('caf', { ip })).status).toBe(200);
    // The one miss was counted; the address still has its budget for searches the cache cannot answer.
    expect((await search('a longer search text', { ip })).status).toBe(200);
  }, 60_000);
});

describe('Turnstile, where TURNSTILE_SECRET and TURNSTILE_SITE_KEY are configured', () => {
  /** Calls the app with Turnstile on; only siteverify is stubbed, accepting the token 'solved'. */
  async function callWithTurnstile(path: string, body: unknown, token?: string) {
    const realFetch = globalThis.fetch;
    let verified = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      if (url !== TURNSTILE_VERIFY_URL) return realFetch(input, init);
      verified++;
      const form = init?.body as FormData;
      expect(form.get('secret')).toBe('test-secret');
      return Response.json({ success: form.get('response') === 'solved' });
    });
    const headers = new Headers({ 'CF-Connecting-IP': freshIp() });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    if (token) headers.set('cf-turnstile-response', token);
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`${BASE}/api${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      { ...env, TURNSTILE_SECRET: 'test-secret', TURNSTILE_SITE_KEY: 'test-site-key' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    vi.mocked(globalThis.fetch).mockRestore();
    return { status: res.status, body: await res.json<{ message: string; result: unknown }>(), verified };
  }

  it('asks registration, the contact and order forms and reset requests for a solved challenge', async () => {
    vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
    const order = { ...contactMessage(), kind: 'orderChannel', channelName: 'Huts' };
    const forms: [string, () => unknown][] = [
      ['/users', registration],
      ['/contact', contactMessage],
      ['/contact', () => order],
      ['/users/mail', () => ({ email: `${unique('nobody')}@example.com` })],
    ];
    for (const [path, body] of forms) {
      const missing = await callWithTurnstile(path, body());
      expect(missing.status).toBe(403);
      expect(missing.body).toMatchObject({ message: CHALLENGE_FAILED, result: { challenge: 'turnstile' } });
      expect(missing.verified).toBe(0);
      const wrong = await callWithTurnstile(path, body(), 'not-solved');
      expect([wrong.status, wrong.verified]).toEqual([403, 1]);
      const solved = await callWithTurnstile(path, body(), 'solved');
      expect(solved.status).toBeLessThan(300);
    }
  });

  it('hands the SPA the site key (GET /config); without both halves Turnstile is off and asks nothing', async () => {
    expect(clientConfig.parse((await callWithTurnstile('/config', undefined)).body.result)).toEqual({
      turnstileSiteKey: 'test-site-key',
    });
    const local = await call('/config');
    expect(local.body.result).toEqual({ turnstileSiteKey: null });
    expect(local.headers.get('Cache-Control')).toBe('public, max-age=300');
    expect(
      (await call('/users', { method: 'POST', body: registration(), headers: { 'CF-Connecting-IP': freshIp() } }))
        .status,
    ).toBe(201);
  });
});
