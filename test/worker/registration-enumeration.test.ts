// Issue 27 §8: registration tells nobody whether an e-mail address belongs to an account. A taken address answers as
// a free one (status, body, time); the account is made without it and the address's owner gets a mail. A taken
// name is still a 409 (names are public and must stay unique); an ADMIN, who sees every address, still gets 409s.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '#schema/tables';
import { as, call, createUser, db, unique } from './helpers';

type Mail = { from: string; to: string; subject: string; text: string };
const spyOnMail = () => vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });

let ipCounter = 0;
const freshIp = () => `10.88.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`;

const register = (body: Record<string, unknown>) =>
  call('/users', { method: 'POST', body, headers: { 'CF-Connecting-IP': freshIp() } });
const newBody = (email: string) => ({ name: unique('new'), email, password: 'a-good-password' });

/** The answer without what differs between any two registrations (the id, the name). */
const comparable = (res: { status: number; body: any }) => ({
  status: res.status,
  code: res.body.code,
  message: res.body.message,
  keys: Object.keys(res.body.result ?? {}).sort(),
  result: { ...res.body.result, id: 'id', name: 'name', email: 'email' },
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('registration with an e-mail address that is taken', () => {
  it('answers exactly as for a free address, in any case of the address', async () => {
    spyOnMail();
    const owner = await createUser();
    const free = await register(newBody(`${unique('free')}@example.com`));
    const taken = await register(newBody(owner.email!.toUpperCase()));
    expect(free.status).toBe(201);
    expect(comparable(taken)).toEqual(comparable(free));
    // The answer names the address as asked, as a free one's does.
    expect(taken.body.result.email).toBe(owner.email!.toUpperCase());
    expect(JSON.stringify(taken.body)).not.toMatch(/taken|exists/i);
  });

  it("makes the account without the address, signs in like any other, and leaves the owner's account as it was", async () => {
    spyOnMail();
    const owner = await createUser();
    const body = newBody(owner.email!);
    expect((await register(body)).status).toBe(201);
    const made = await db().select().from(users).where(eq(users.name, body.name)).get();
    expect(made).toMatchObject({ email: null, role: 'REGULAR_USER', active: true });
    const signIn = await call('/users/auth', {
      method: 'POST',
      body: { username: body.name, password: body.password },
      headers: { 'CF-Connecting-IP': freshIp() },
    });
    expect(signIn.status).toBe(200);
    expect(await db().select({ email: users.email }).from(users).where(eq(users.id, owner.id)).get()).toEqual({
      email: owner.email,
    });
  });

  it("mails the address's owner, in their language, with the ways back into the account; a free address gets none", async () => {
    const send = spyOnMail();
    const owner = await createUser();
    await db().update(users).set({ locale: 'de-DE' }).where(eq(users.id, owner.id));
    expect((await register(newBody(`${unique('free')}@example.com`))).status).toBe(201);
    expect((await register(newBody(owner.email!))).status).toBe(201);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const mail = send.mock.calls[0]![0] as Mail;
    expect(mail.to).toBe(owner.email);
    expect(mail.from).toBe(env.MAIL_FROM);
    expect(mail.subject).toBe('Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren');
    expect(mail.text).toContain(owner.name);
    const origin = new URL(env.SITE_URL).origin;
    expect(mail.text).toContain(`${origin}/login`);
    expect(mail.text).toContain(`${origin}/forgot-password`);
  });

  it('mails one owner at most 3 times an hour, however many addresses register with the address', async () => {
    const send = spyOnMail();
    const owner = await createUser();
    for (let i = 0; i < 5; i++) expect((await register(newBody(owner.email!))).status).toBe(201);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    // The other two answered alike and sent nothing.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('a taken name is still a 409 that names the name only, never the address', async () => {
    spyOnMail();
    const owner = await createUser();
    const res = await register({ ...newBody(owner.email!), name: owner.name });
    expect(res.body).toEqual({
      code: 409,
      message: 'Name already taken',
      result: { issues: [{ path: ['name'], code: 'name_taken', message: 'Name already taken' }] },
    });
  });

  it('an ADMIN creating an account still gets 409 for a taken address (they see every address anyway)', async () => {
    const send = spyOnMail();
    const owner = await createUser();
    const admin = await as('ADMIN');
    const res = await admin.call('/users', { method: 'POST', body: newBody(owner.email!) });
    expect(res.body).toEqual({
      code: 409,
      message: 'Email already taken',
      result: { issues: [{ path: ['email'], code: 'email_taken', message: 'Email already taken' }] },
    });
    expect(send).not.toHaveBeenCalled();
  });
});
