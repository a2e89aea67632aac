// Mails that tell a user what someone else decided about them: access requests allowed, denied or revoked, and
// publication requests approved or rejected. In the user's language (users.locale), with a link to the content,
// through the one mail sender. Sent after the answer (waitUntil): a relay failure never undoes the decision.
import { absoluteUrl, contentPath as publicContentPath, siteOrigin, workspaceItemPath } from '#schema/urls';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { ContentType, Locale } from '#schema/enums';
import { users } from '#schema/tables';
import type { AppEnv, Db } from '../env';
import { sendMail } from './mail';

export type Notice =
  | { kind: 'access'; decision: 'ALLOWED' | 'DENIED' | 'REVOKED'; contentType: ContentType; contentId: string }
  | {
      kind: 'publication';
      decision: 'APPROVED' | 'REJECTED';
      contentType: ContentType;
      contentId: string;
      reason?: string | null;
    };

/** The public page of an article or channel (the SPA's routes; ids always resolve). */
export const contentPath = (type: ContentType, id: string) => publicContentPath(type, id);

/** Where the mail's link leads: a declined publication to the form that fixes it, everything else to the content. */
export const noticePath = (notice: Notice) =>
  notice.kind === 'publication' && notice.decision === 'REJECTED'
    ? workspaceItemPath(notice.contentType, notice.contentId)
    : contentPath(notice.contentType, notice.contentId);

interface Words {
  hello: (name: string) => string;
  what: (type: ContentType) => string;
  subject: (notice: Notice, title: string) => string;
  body: (notice: Notice, title: string) => string;
  reason: (reason: string) => string;
  open: string;
  /** Leads to the edit form of a declined publication. */
  fix: string;
  bye: string;
}

const en: Words = {
  hello: (name) => `Hello ${name},`,
  what: (type) => (type === 'article' ? 'the article' : 'the channel'),
  subject: (n, title) =>
    n.kind === 'access'
      ? {
          ALLOWED: `Access granted: ${title}`,
          DENIED: `Access request declined: ${title}`,
          REVOKED: `Access withdrawn: ${title}`,
        }[n.decision]
      : { APPROVED: `Published: ${title}`, REJECTED: `Publication declined: ${title}` }[n.decision],
  body: (n, title) => {
    const what = `${en.what(n.contentType)} “${title}”`;
    if (n.kind === 'publication')
      return n.decision === 'APPROVED'
        ? `Your request to publish ${what} was approved. Visitors can see it now.`
        : `Your request to publish ${what} was declined.`;
    return {
      ALLOWED: `Your request for access to ${what} was granted. You can read it now.`,
      DENIED: `Your request for access to ${what} was declined.`,
      REVOKED: `Your access to ${what} was withdrawn.`,
    }[n.decision];
  },
  reason: (reason) => `Reason: ${reason}`,
  open: 'Open it here:',
  fix: 'Change it and ask again here:',
  bye: 'SO Portal',
};

const de: Words = {
  hello: (name) => `Guten Tag ${name},`,
  what: (type) => (type === 'article' ? 'den Artikel' : 'den Kanal'),
  subject: (n, title) =>
    n.kind === 'access'
      ? {
          ALLOWED: `Zugriff erteilt: ${title}`,
          DENIED: `Zugriffsanfrage abgelehnt: ${title}`,
          REVOKED: `Zugriff entzogen: ${title}`,
        }[n.decision]
      : { APPROVED: `Veröffentlicht: ${title}`, REJECTED: `Veröffentlichung abgelehnt: ${title}` }[n.decision],
  body: (n, title) => {
    const what = `${de.what(n.contentType)} „${title}“`;
    if (n.kind === 'publication')
      return n.decision === 'APPROVED'
        ? `Ihre Anfrage, ${what} zu veröffentlichen, wurde angenommen. Besucher sehen ihn jetzt.`
        : `Ihre Anfrage, ${what} zu veröffentlichen, wurde abgelehnt.`;
    return {
      ALLOWED: `Ihre Zugriffsanfrage für ${what} wurde angenommen. Sie können ihn jetzt lesen.`,
      DENIED: `Ihre Zugriffsanfrage für ${what} wurde abgelehnt.`,
      REVOKED: `Ihr Zugriff auf ${what} wurde entzogen.`,
    }[n.decision];
  },
  reason: (reason) => `Begründung: ${reason}`,
  open: 'Hier geht es dazu:',
  fix: 'Hier können Sie es ändern und erneut anfragen:',
  bye: 'SO Portal',
};

const WORDS: Record<Locale, Words> = { 'en-US': en, 'de-DE': de };

/** The mail of a notice, in the recipient's language. */
export function composeNotice(
  locale: Locale,
  to: { name: string },
  notice: Notice,
  title: string,
  site: string,
): { subject: string; text: string } {
  const w = WORDS[locale] ?? en;
  const rejected = notice.kind === 'publication' && notice.decision === 'REJECTED';
  const reason = notice.kind === 'publication' && notice.reason ? `\n\n${w.reason(notice.reason)}` : '';
  return {
    subject: w.subject(notice, title),
    text:
      `${w.hello(to.name)}\n\n${w.body(notice, title)}${reason}\n\n` +
      `${rejected ? w.fix : w.open}\n${absoluteUrl(site, noticePath(notice))}\n\n${w.bye}\n`,
  };
}

/**
 * Mails the notice to the user after the answer, if they have an address and are not deactivated or deleted.
 * `title` is read by the caller while the content surely exists.
 */
export function notifyUser(c: Context<AppEnv>, userId: string, notice: Notice, title: string): void {
  const db: Db = c.get('db');
  // Links in mails name the portal's own address (SITE_URL), never the request's Host.
  const site = siteOrigin(c.env);
  c.executionCtx.waitUntil(
    (async () => {
      const to = await db
        .select({ name: users.name, email: users.email, locale: users.locale, active: users.active })
        .from(users)
        .where(eq(users.id, userId))
        .get();
      if (!to?.email || !to.active) return;
      const mail = composeNotice(to.locale, to, notice, title, site);
      await sendMail(c.env, { to: to.email, ...mail });
    })().catch((err: unknown) => {
      console.error('Notice mail failed', err);
    }),
  );
}
