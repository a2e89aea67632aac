// /api/contact: the contact and order-channel forms. Public; each message is stored in D1 and mailed to
// the site's address. Limited per sender e-mail and per client address, with a Turnstile challenge where
// configured, and the mails to the site capped for everyone together (rotating addresses defeat per-address
// limits), to keep the form from becoming a mail cannon (decision 021). ADMIN reads the stored messages
// (GET /messages) and marks them (PUT /messages/{id}).
import { and, count, gt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { contactBody, contactMessageListQuery, idParam, updateContactMessageBody } from '#schema/requests';
import { contactMessage, contactMessagePage, idResult } from '#schema/entities';
import { contactMessages } from '#schema/tables';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { HttpError, TooManyRequests } from '../lib/errors';
import { sendMail } from '../services/mail';
import { requireAdmin } from '../middleware/guards';
import { allowSiteMail, limitAddress, OPEN_LIMITS } from '../services/rate-limit';
import { requireTurnstile } from '../services/turnstile';
import { describe } from '../lib/route-doc';
import { jsonBody, params, query } from '../middleware/validate';
import { listContactMessages, updateContactMessage } from '../queries/contact-messages';

export const CONTACT_WINDOW_SECONDS = 3600;
export const CONTACT_PER_ADDRESS = 5;
export const CONTACT_PER_IP = OPEN_LIMITS.contact.max;
export const CONTACT_SEND_FAILED = 'The message could not be sent; please try again later';

type ContactMessage = z.infer<typeof contactBody>;

/** Header fields must stay on one line: no CR/LF or other control characters from the form. */
const oneLine = (s: string) =>
  s
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .trim()
    .slice(0, 120);

export function contactMail(msg: ContactMessage): { subject: string; text: string } {
  const subject =
    msg.kind === 'orderChannel'
      ? `Channel order "${oneLine(msg.channelName ?? '')}" from ${oneLine(msg.name)}`
      : `Contact from ${oneLine(msg.name)}`;
  const lines = [
    `Kind: ${msg.kind}`,
    `Name: ${msg.name}`,
    `E-mail: ${msg.email}`,
    ...(msg.channelName ? [`Channel name: ${msg.channelName}`] : []),
    ...(msg.purpose ? [`Purpose: ${msg.purpose}`] : []),
    '',
    msg.message,
    '',
  ];
  return { subject, text: lines.join('\n') };
}

export const contactRoutes = new Hono<AppEnv>()
  .post(
    '/',
    describe({
      summary: "Sends the contact or order-channel form to the site's address",
      result: idResult,
      status: 201,
      errors: [403, 429, 502],
    }),
    ...jsonBody(contactBody),
    async (c) => {
      const msg = c.req.valid('json');
      const db = c.get('db');
      const since = Date.now() - CONTACT_WINDOW_SECONDS * 1000;
      const recent = await db
        .select({ n: count() })
        .from(contactMessages)
        .where(
          and(sql`lower(${contactMessages.email}) = ${msg.email.toLowerCase()}`, gt(contactMessages.createdAt, since)),
        )
        .get();
      if ((recent?.n ?? 0) >= CONTACT_PER_ADDRESS) {
        throw new TooManyRequests(
          CONTACT_WINDOW_SECONDS,
          'Too many messages from this address; please try again later',
        );
      }
      await limitAddress(c, 'contact');
      await requireTurnstile(c);
      const id = crypto.randomUUID();
      await db.insert(contactMessages).values({
        id,
        kind: msg.kind,
        name: msg.name,
        email: msg.email,
        message: msg.message,
        channelName: msg.channelName ?? null,
        purpose: msg.purpose ?? null,
        createdAt: Date.now(),
      });
      // Past the global cap the message is kept, unmailed: App management › Messages lists it like any other.
      if (!(await allowSiteMail(db))) return ok(c, { id }, 201);
      try {
        await sendMail(c.env, { to: c.env.SITE_MAIL, ...contactMail(msg) });
      } catch (err) {
        // Not delivered means not received: take the message back so a retry neither duplicates nor counts twice.
        console.error('Contact mail failed', err);
        await db.delete(contactMessages).where(sql`${contactMessages.id} = ${id}`);
        throw new HttpError(502, CONTACT_SEND_FAILED);
      }
      return ok(c, { id }, 201);
    },
  )

  .get(
    '/messages',
    describe({
      summary: 'Messages of the contact and order-channel forms, newest first; open or handled',
      result: contactMessagePage,
    }),
    requireAdmin,
    query(contactMessageListQuery),
    async (c) => {
      return ok(c, await listContactMessages(c.get('db'), c.req.valid('query')));
    },
  )

  .put(
    '/messages/:id',
    describe({ summary: 'Marks a message read or unread, handled or open', result: contactMessage, errors: [404] }),
    requireAdmin,
    params(idParam),
    ...jsonBody(updateContactMessageBody),
    async (c) => {
      return ok(c, await updateContactMessage(c.get('db'), c.req.valid('param').id, c.req.valid('json')));
    },
  );
