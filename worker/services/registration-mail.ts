// The mail to an address's owner when someone registers with it (issue 27 §8): registration answers alike whether
// or not the address is taken, so the one who learns of the attempt is the owner, in their own language, with the
// way back into their account in case it was them.
import type { Context } from 'hono';
import type { Locale } from '#schema/enums';
import type { AppEnv } from '../env';
import { allowRegistrationAttemptMail } from './login-limit';
import { sendMail } from './mail';

const WORDS: Record<Locale, (name: string, origin: string) => { subject: string; text: string }> = {
  'en-US': (name, origin) => ({
    subject: 'Someone tried to register with your e-mail address',
    text:
      `Hello ${name},\n\n` +
      `Someone just tried to register a new account at SO Portal with this e-mail address. It already belongs to ` +
      `your account "${name}", so the new account was made without it and nothing of yours changed.\n\n` +
      `If it was you: sign in at ${origin}/login, or choose a new password at ${origin}/forgot-password.\n\n` +
      `If it was not you, ignore this mail.\n\nSO Portal\n`,
  }),
  'de-DE': (name, origin) => ({
    subject: 'Jemand wollte sich mit Ihrer E-Mail-Adresse registrieren',
    text:
      `Guten Tag ${name},\n\n` +
      `Jemand hat eben versucht, bei SO Portal ein neues Konto mit dieser E-Mail-Adresse anzulegen. Sie gehört ` +
      `schon zu Ihrem Konto „${name}“; das neue Konto wurde deshalb ohne sie angelegt, an Ihrem Konto hat sich ` +
      `nichts geändert.\n\n` +
      `Waren Sie es: Melden Sie sich unter ${origin}/login an, oder wählen Sie unter ${origin}/forgot-password ein ` +
      `neues Passwort.\n\nWaren Sie es nicht, können Sie diese Mail ignorieren.\n\nSO Portal\n`,
  }),
};

export function composeRegistrationAttempt(locale: Locale, name: string, origin: string) {
  return (WORDS[locale] ?? WORDS['en-US'])(name, origin);
}

/** The active account that holds the address, as the caller looks it up (queries/users.ts: findActiveUserByEmail). */
interface AddressOwner {
  id: string;
  email: string | null;
  name: string;
  locale: Locale;
}

/**
 * After the answer (so a taken address answers in the time a free one takes): tells the address's owner, when it
 * is another account than the one just made (`newUserId`, which has the address when it was free). `findOwner`
 * runs after the answer too.
 */
export function notifyRegistrationAttempt(
  c: Context<AppEnv>,
  findOwner: () => Promise<AddressOwner | undefined>,
  newUserId: string,
): void {
  const db = c.get('db');
  const origin = new URL(c.env.SITE_URL).origin;
  c.executionCtx.waitUntil(
    (async () => {
      const owner = await findOwner();
      if (!owner?.email || owner.id === newUserId || !(await allowRegistrationAttemptMail(db, owner.id))) return;
      await sendMail(c.env, { to: owner.email, ...composeRegistrationAttempt(owner.locale, owner.name, origin) });
    })().catch((err: unknown) => {
      console.error('Registration attempt mail failed', err);
    }),
  );
}
