// Session revocation holds everywhere at once. KV is eventually consistent: another location may keep
// serving a deleted key for up to 60 s. These tests play that location: after a logout, password change,
// reset or deletion they put back every KV entry that existed before it (the stale copy), and the token
// must still sign nobody in.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessions } from '#schema/tables';
import { runScheduled } from '#worker/scheduled';
import { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS, sha256Hex } from '#worker/services/session';
import { as, call, createUser, db } from './helpers';

/** Every KV entry, so a test can put back what a lagging location would still serve. */
async function kvSnapshot(): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await env.KV.list(cursor ? { cursor } : {});
    for (const k of page.keys) entries.set(k.name, (await env.KV.get(k.name))!);
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return entries;
}
async function replayStaleKv(snapshot: Map<string, string>): Promise<void> {
  for (const [key, value] of snapshot) await env.KV.put(key, value);
}

async function signIn(name: string, password: string): Promise<string> {
  const res = await call('/users/auth', { method: 'POST', body: { username: name, password } });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}
const signedIn = async (cookie: string) =>
  (await call('/users/auth-validate', { method: 'POST', cookie })).status === 200;

describe('revocation does not wait for KV', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a logout ends that session everywhere, and only that one', async () => {
    const user = await createUser();
    const here = await signIn(user.name, user.password);
    const elsewhere = await signIn(user.name, user.password);
    const stale = await kvSnapshot();
    expect((await call('/users/logout', { cookie: here })).status).toBe(200);
    await replayStaleKv(stale);
    expect(await signedIn(here)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(true);
  });

  it('a password change ends the other sessions everywhere; the changer stays signed in', async () => {
    const user = await createUser({ role: 'CLIENT' });
    const changer = await signIn(user.name, user.password);
    const other = await signIn(user.name, user.password);
    const stale = await kvSnapshot();
    const res = await call(`/users/${user.id}`, {
      method: 'PUT',
      cookie: changer,
      body: { password: 'a-new-password-1', currentPassword: user.password },
    });
    expect(res.status).toBe(200);
    const renewed = res.headers.getSetCookie()[0]!.split(';')[0]!;
    await replayStaleKv(stale);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(changer)).toBe(false);
    expect(await signedIn(renewed)).toBe(true);
  });

  it('a password reset ends every session everywhere', async () => {
    const send = vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
    const user = await createUser();
    const cookie = await signIn(user.name, user.password);
    const stale = await kvSnapshot();
    await call('/users/mail', {
      method: 'POST',
      body: { email: user.email },
      headers: { 'CF-Connecting-IP': '10.250.0.1' },
    });
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    const token = /forgot-password\/([A-Za-z0-9_-]+)/.exec((send.mock.calls[0]![0] as { text: string }).text)![1]!;
    expect(
      (await call('/users/reset-password', { method: 'POST', body: { token, password: 'reset-password-1' } })).status,
    ).toBe(200);
    await replayStaleKv(stale);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('deleting an account ends its sessions everywhere', async () => {
    const admin = await as('ADMIN');
    const user = await createUser();
    const cookie = await signIn(user.name, user.password);
    const stale = await kvSnapshot();
    expect((await admin.call(`/users/${user.id}`, { method: 'DELETE' })).status).toBe(200);
    await replayStaleKv(stale);
    expect(await signedIn(cookie)).toBe(false);
  });
});

describe('session records in D1', () => {
  const tokenOf = (cookie: string) => cookie.split('=')[1]!;

  it('keep only the SHA-256 of the token', async () => {
    const user = await createUser();
    const cookie = await signIn(user.name, user.password);
    expect(
      await db()
        .select()
        .from(sessions)
        .where(eq(sessions.id, tokenOf(cookie)))
        .get(),
    ).toBeUndefined();
    const row = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, await sha256Hex(tokenOf(cookie))))
      .get();
    expect(row?.userId).toBe(user.id);
  });

  it('end after the idle time and after the absolute lifetime, however recently used', async () => {
    const user = await createUser();
    const idle = await signIn(user.name, user.password);
    const old = await signIn(user.name, user.password);
    const now = Date.now();
    await db()
      .update(sessions)
      .set({ lastSeenAt: now - SESSION_IDLE_SECONDS * 1000 - 1000 })
      .where(eq(sessions.id, await sha256Hex(tokenOf(idle))));
    await db()
      .update(sessions)
      .set({ createdAt: now - SESSION_ABSOLUTE_SECONDS * 1000 - 1000, lastSeenAt: now })
      .where(eq(sessions.id, await sha256Hex(tokenOf(old))));
    expect(await signedIn(idle)).toBe(false);
    expect(await signedIn(old)).toBe(false);
  });

  it('push the idle expiry forward when used, at most twice a day', async () => {
    const user = await createUser();
    const cookie = await signIn(user.name, user.password);
    const id = await sha256Hex(tokenOf(cookie));
    const lastSeen = async () => (await db().select().from(sessions).where(eq(sessions.id, id)).get())!.lastSeenAt;
    const fresh = await lastSeen();
    expect(await signedIn(cookie)).toBe(true);
    expect(await lastSeen()).toBe(fresh);
    const day = Date.now() - 24 * 3600 * 1000;
    await db().update(sessions).set({ lastSeenAt: day }).where(eq(sessions.id, id));
    expect(await signedIn(cookie)).toBe(true);
    await vi.waitFor(async () => expect(await lastSeen()).toBeGreaterThan(day));
  });

  it('are pruned by the scheduled run once expired', async () => {
    const user = await createUser();
    const live = await signIn(user.name, user.password);
    const dead = await signIn(user.name, user.password);
    const deadId = await sha256Hex(tokenOf(dead));
    await db()
      .update(sessions)
      .set({ lastSeenAt: Date.now() - SESSION_IDLE_SECONDS * 1000 - 1000 })
      .where(eq(sessions.id, deadId));
    await runScheduled(env);
    expect(await db().select().from(sessions).where(eq(sessions.id, deadId)).get()).toBeUndefined();
    expect(await signedIn(live)).toBe(true);
  });
});
