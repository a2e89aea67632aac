// Session tickets (worker/services/session-ticket.ts; decisions 003 and 019): a signed-in read takes its user from a
// short-lived signed ticket instead of D1. The promise on revocation: a logout, a password change, a deactivation or
// a deletion refuses the very next write, ticket or not; a read is refused once the ticket is older than
// TICKET_SECONDS (the clock is moved forward here; a deployment adds the replica lag of the read that renews it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICKET_SECONDS } from '#worker/services/session-ticket';
import { as, call, createUser, type CallResult } from './helpers';

afterEach(() => vi.useRealTimers());

/** The browser's cookies: the Cookie header after the answers so far (a cleared cookie goes). */
class Jar {
  private cookies = new Map<string, string>();
  constructor(cookie?: string) {
    if (cookie) this.take(cookie);
  }
  private take(pairs: string) {
    for (const pair of pairs.split('; ')) {
      const [name, value] = pair.split('=', 2) as [string, string];
      this.cookies.set(name, value);
    }
  }
  keep(res: CallResult) {
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const [name, value] = pair!.split('=', 2) as [string, string];
      if (/max-age=0/i.test(set) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  has = (name: string) => this.cookies.has(name);
  get header() {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
  copy() {
    return new Jar(this.header);
  }
}

async function signIn(name: string, password: string): Promise<Jar> {
  const jar = new Jar();
  const res = jar.keep(await call('/users/auth', { method: 'POST', body: { username: name, password } }));
  expect(res.status).toBe(200);
  return jar;
}

/** A read as the jar's holder: the signed-in user's own view (401 when signed out). */
const whoAmI = async (jar: Jar) => jar.keep(await call('/users/auth-validate', { method: 'POST', cookie: jar.header }));
/** A write any signed-in user may make: "sign out everywhere else" (401 when signed out). */
const write = async (jar: Jar) => jar.keep(await call('/sessions', { method: 'DELETE', cookie: jar.header }));

/** Moves the clock past every ticket issued so far. */
function afterTicketLife() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + (TICKET_SECONDS + 1) * 1000);
}

describe('a signed-in read', () => {
  it('gets a ticket, and with it is answered as the user without a D1 look-up of the session', async () => {
    const user = await createUser();
    const jar = await signIn(user.name, user.password);
    expect(jar.has('session-ticket')).toBe(false); // the first read renews it from the new session
    const first = await whoAmI(jar);
    expect(first.body.result).toEqual({ id: user.id, name: user.name, role: user.role });
    expect(jar.has('session-ticket')).toBe(true);
    const again = await whoAmI(jar);
    expect(again.body.result).toEqual({ id: user.id, name: user.name, role: user.role });
    // A fresh ticket is not renewed on every read.
    expect(again.headers.getSetCookie().some((c) => c.startsWith('session-ticket='))).toBe(false);
  });

  it('ignores a ticket that was changed, or that belongs to another session', async () => {
    const user = await createUser();
    const other = await createUser({ role: 'ADMIN' });
    const mine = await signIn(user.name, user.password);
    const theirs = await signIn(other.name, other.password);
    await whoAmI(mine);
    await whoAmI(theirs);
    const ticketOf = (jar: Jar) => /session-ticket=([^;]+)/.exec(jar.header)![1]!;
    // Their ticket beside my session cookie: it names their session, so it is ignored and mine is looked up.
    const swapped = new Jar(`${mine.header.replace(/session-ticket=[^;]+/, `session-ticket=${ticketOf(theirs)}`)}`);
    expect((await whoAmI(swapped)).body.result.id).toBe(user.id);
    // My ticket made to say ADMIN: the signature no longer holds.
    const [payload, mac] = ticketOf(mine).split('.');
    const body = JSON.parse(atob(payload!.replaceAll('-', '+').replaceAll('_', '/'))) as { r: string };
    const forged = btoa(JSON.stringify({ ...body, r: 'ADMIN' }))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    const tampered = new Jar(mine.header.replace(/session-ticket=[^;]+/, `session-ticket=${forged}.${mac}`));
    expect((await whoAmI(tampered)).body.result.role).toBe(user.role);
    // A ticket without its session cookie signs nobody in.
    expect((await whoAmI(new Jar(`session-ticket=${ticketOf(mine)}`))).status).toBe(401);
  });
});

describe('revocation: every write at once, every read within the ticket life', () => {
  it('a logout', async () => {
    const user = await createUser();
    const browser = await signIn(user.name, user.password);
    await whoAmI(browser);
    const stolen = browser.copy(); // a copy of the cookies taken before the logout
    const out = browser.keep(await call('/users/logout', { cookie: browser.header }));
    expect(out.status).toBe(200);
    expect(browser.has('session-ticket')).toBe(false);
    expect((await whoAmI(browser)).status).toBe(401);
    expect((await write(stolen.copy())).status).toBe(401);
    expect((await whoAmI(stolen.copy())).status).toBe(200); // within the bound: the ticket still stands
    afterTicketLife();
    expect((await whoAmI(stolen)).status).toBe(401);
  });

  it('a password change ends the other sessions', async () => {
    const user = await createUser();
    const here = await signIn(user.name, user.password);
    const elsewhere = await signIn(user.name, user.password);
    await whoAmI(elsewhere);
    const changed = here.keep(
      await call(`/users/${user.id}`, {
        method: 'PUT',
        cookie: here.header,
        body: { password: 'another-long-password-2', currentPassword: user.password },
      }),
    );
    expect(changed.status).toBe(200);
    expect((await whoAmI(here)).status).toBe(200); // whoever changed it stays signed in
    expect((await write(elsewhere.copy())).status).toBe(401);
    expect((await whoAmI(elsewhere.copy())).status).toBe(200);
    afterTicketLife();
    expect((await whoAmI(elsewhere)).status).toBe(401);
  });

  it('a deactivation and a deletion by an ADMIN', async () => {
    const admin = await as('ADMIN');
    const revoked: Jar[] = [];
    for (const change of ['deactivate', 'delete'] as const) {
      const user = await createUser();
      const jar = await signIn(user.name, user.password);
      await whoAmI(jar);
      const res =
        change === 'deactivate'
          ? await admin.call(`/users/${user.id}`, { method: 'PUT', body: { active: false } })
          : await admin.call(`/users/${user.id}`, { method: 'DELETE', body: {} });
      expect(res.status).toBe(200);
      expect((await write(jar.copy())).status).toBe(401);
      expect((await whoAmI(jar.copy())).status).toBe(200);
      revoked.push(jar);
    }
    afterTicketLife();
    for (const jar of revoked) expect((await whoAmI(jar)).status).toBe(401);
  });

  it('a write drops the ticket, so the next read renews it from D1 (a changed name shows at once)', async () => {
    const user = await createUser();
    const jar = await signIn(user.name, user.password);
    await whoAmI(jar);
    const renamed = `${user.name}-2`;
    const res = jar.keep(
      await call(`/users/${user.id}`, { method: 'PUT', cookie: jar.header, body: { name: renamed } }),
    );
    expect(res.status).toBe(200);
    expect(jar.has('session-ticket')).toBe(false);
    expect((await whoAmI(jar)).body.result.name).toBe(renamed);
  });
});
