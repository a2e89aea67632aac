// The isolate's memory of verified session tickets (worker/services/session-ticket.ts `ticketSession`; issue 31,
// decision 044): a signed-in browser's reads within a ticket's life cost neither the session cookie's SHA-256 nor the
// ticket's HMAC after the first, and the memory stands for no more than the ticket itself: the same pair of cookies,
// until the ticket's own end; writes never use it.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_SECONDS } from '#worker/services/session-ticket';
import { call, createUser, type CallResult } from './helpers';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The Cookie header of a browser that signed in and made one read (which brings the ticket). */
async function signedInWithTicket(): Promise<{ user: Awaited<ReturnType<typeof createUser>>; cookie: string }> {
  const user = await createUser();
  const signIn = await call('/users/auth', { method: 'POST', body: { username: user.name, password: user.password } });
  expect(signIn.status).toBe(200);
  const session = pairs(signIn).find((p) => p.startsWith('session='))!;
  const read = await whoAmI(session);
  const ticket = pairs(read).find((p) => p.startsWith('session-ticket='))!;
  expect(ticket).toBeTruthy();
  return { user, cookie: `${session}; ${ticket}` };
}

const pairs = (res: CallResult) => res.headers.getSetCookie().map((c) => c.split(';')[0]!);
const whoAmI = (cookie: string) => call('/users/auth-validate', { method: 'POST', cookie });
const write = (cookie: string) => call('/sessions', { method: 'DELETE', cookie });

/** Counts the SHA-256 digests and HMAC verifications the worker runs from now on. */
function watchCrypto() {
  const digest = vi.spyOn(crypto.subtle, 'digest');
  const verify = vi.spyOn(crypto.subtle, 'verify');
  return { digests: () => digest.mock.calls.length, verifications: () => verify.mock.calls.length };
}

describe('a verified ticket, remembered by the isolate', () => {
  it('answers the next reads with the same cookies without hashing the session cookie or checking the HMAC', async () => {
    const { user, cookie } = await signedInWithTicket();
    expect((await whoAmI(cookie)).body.result.id).toBe(user.id); // the ticket's first check
    const crypto = watchCrypto();
    for (let i = 0; i < 3; i++) expect((await whoAmI(cookie)).body.result).toMatchObject({ id: user.id });
    expect(crypto.digests()).toBe(0);
    expect(crypto.verifications()).toBe(0);
  });

  it('counts only beside the session cookie it was verified with', async () => {
    const mine = await signedInWithTicket();
    const theirs = await signedInWithTicket();
    await whoAmI(theirs.cookie); // their ticket is remembered
    const theirTicket = theirs.cookie.split('; ')[1]!;
    const mySession = mine.cookie.split('; ')[0]!;
    expect((await whoAmI(`${mySession}; ${theirTicket}`)).body.result.id).toBe(mine.user.id);
    expect((await whoAmI(`session=not-a-session; ${theirTicket}`)).status).toBe(401);
  });

  it('ends with the ticket: a session ended in D1 reads within the ticket life, never writes, and then reads no more', async () => {
    const { user, cookie } = await signedInWithTicket();
    await whoAmI(cookie);
    await env.DB.prepare('DELETE FROM sessions WHERE user_id = ?').bind(user.id).run();
    expect((await write(cookie)).status).toBe(401); // at once, remembered ticket or not
    expect((await whoAmI(cookie)).status).toBe(200); // the bound, as without the memory
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (TICKET_SECONDS + 1) * 1000);
    expect((await whoAmI(cookie)).status).toBe(401);
  });
});
