import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactMessages } from '#schema/tables';
import { CONTACT_PER_ADDRESS, CONTACT_PER_IP, CONTACT_SEND_FAILED, contactMail } from '#worker/routes/contact';
import { call, db, expectConsoleError, unique, type CallOptions } from './helpers';

type SentMail = { from: string; to: string; subject: string; text: string };

/** Intercepts the outside world: the send_email binding. */
const spyOnMail = () => vi.spyOn(env.MAIL, 'send').mockResolvedValue({ messageId: 'test' });
afterEach(() => vi.restoreAllMocks());

const address = () => `${unique('sender')}@example.com`;

// Each test sends from its own client address, so the per-address limit of one test never touches another's.
let ipCounter = 0;
let ip = '';
beforeEach(() => {
  ip = `198.51.${(Date.now() >> 8) % 200}.${ipCounter++ % 250}`;
});
const postContact = (options: CallOptions) =>
  call('/contact', { method: 'POST', ...options, headers: { 'CF-Connecting-IP': ip, ...options.headers } });

describe('POST /contact', () => {
  it('stores a contact message and mails it to the site address; 201', async () => {
    const send = spyOnMail();
    const email = address();
    const res = await postContact({
      body: { kind: 'contact', name: 'Ada', email, message: 'Hello there' },
    });
    expect(res.status).toBe(201);
    const stored = await db().select().from(contactMessages).where(eq(contactMessages.id, res.body.result.id)).get();
    expect(stored).toMatchObject({ kind: 'contact', name: 'Ada', email, message: 'Hello there', channelName: null });
    expect(send).toHaveBeenCalledTimes(1);
    const mail = send.mock.calls[0]![0] as SentMail;
    expect(mail).toMatchObject({ from: env.MAIL_FROM, to: env.SITE_MAIL, subject: 'Contact from Ada' });
    expect(mail.text).toContain(`E-mail: ${email}`);
    expect(mail.text).toContain('Hello there');
  });

  it('takes an order with channel name and purpose; the name is required for an order', async () => {
    const send = spyOnMail();
    const body = { kind: 'orderChannel', name: 'Bo', email: address(), message: 'Please', purpose: 'Photos' };
    const missing = await postContact({ body });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Validation error: Required for an order at "channelName"');
    const res = await postContact({ body: { ...body, channelName: "Bo's pictures" } });
    expect(res.status).toBe(201);
    const mail = send.mock.calls.at(-1)![0] as SentMail;
    expect(mail.subject).toBe('Channel order "Bo\'s pictures" from Bo');
    expect(mail.text).toContain('Purpose: Photos');
  });

  it('keeps header fields on one line', () => {
    const { subject } = contactMail({
      kind: 'contact',
      name: 'Eve\r\nBcc: victim@example.com',
      email: 'e@example.com',
      message: 'x',
    });
    expect(subject).toBe('Contact from Eve Bcc: victim@example.com');
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('validates the form', async () => {
    const send = spyOnMail();
    for (const body of [
      { kind: 'contact', name: 'A', email: 'not-an-address', message: 'x' },
      { kind: 'contact', name: '', email: address(), message: 'x' },
      { kind: 'contact', name: 'A', email: address(), message: '   ' },
      { kind: 'spam', name: 'A', email: address(), message: 'x' },
    ]) {
      const res = await postContact({ body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Validation error: /);
    }
    expect((await postContact({ body: 'kind=contact', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect(send).not.toHaveBeenCalled();
  });

  it(`allows ${CONTACT_PER_ADDRESS} messages per address and hour, then 429`, async () => {
    const send = spyOnMail();
    const email = address();
    for (let i = 0; i < CONTACT_PER_ADDRESS; i++) {
      expect((await postContact({ body: { kind: 'contact', name: 'A', email, message: `m${i}` } })).status).toBe(201);
    }
    const res = await postContact({
      body: { kind: 'contact', name: 'A', email: email.toUpperCase(), message: 'again' },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('3600');
    expect(send).toHaveBeenCalledTimes(CONTACT_PER_ADDRESS);
    expect(
      (
        await call('/contact', {
          method: 'POST',
          body: { kind: 'contact', name: 'A', email: address(), message: 'other' },
        })
      ).status,
    ).toBe(201);
  });

  it(`allows ${CONTACT_PER_IP} messages per client IP and hour, then 429`, async () => {
    spyOnMail();
    const headers = { 'CF-Connecting-IP': `203.0.113.${Math.floor(Math.random() * 200) + 1}` };
    for (let i = 0; i < CONTACT_PER_IP; i++) {
      expect(
        (
          await postContact({
            headers,
            body: { kind: 'contact', name: 'A', email: address(), message: 'x' },
          })
        ).status,
      ).toBe(201);
    }
    const res = await postContact({
      headers,
      body: { kind: 'contact', name: 'A', email: address(), message: 'x' },
    });
    expect(res.status).toBe(429);
  });

  it('answers 502 and keeps nothing when the mail cannot be sent', async () => {
    expectConsoleError();
    vi.spyOn(env.MAIL, 'send').mockRejectedValue(new Error('relay down'));
    const email = address();
    const res = await postContact({
      body: { kind: 'contact', name: 'A', email, message: 'lost' },
    });
    expect(res.body).toEqual({ code: 502, message: CONTACT_SEND_FAILED, result: null });
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, email)).all()).toEqual([]);
  });
});
