// The password reset by mail: a random token in KV for an hour, tied to the account's password and e-mail at the
// time (resetStamp), and the mail with its link (the routes: routes/users.ts).
import type { Env } from '../env';
import { randomToken, sha256Hex } from '../lib/tokens';
import { sendMail } from './mail';

export const RESET_TOKEN_SECONDS = 3600;
export const RESET_MAIL_MESSAGE = 'If the address belongs to an account, a reset link is on its way';
export const INVALID_RESET = 'Invalid or expired reset token';

export const resetKey = async (token: string) => `password-reset:${await sha256Hex(token)}`;
export interface StoredReset {
  userId: string;
  expiresAt: number;
  /** resetStamp() of the account when the token was made: a token outlives no password or e-mail change. */
  stamp?: string;
}

/**
 * What a reset token is tied to, as Django ties its tokens to the password hash and e-mail: any change of password
 * (by a reset or the account form: each hash has a new salt) or of e-mail makes every token issued before it invalid.
 */
export const resetStamp = (user: { passwordHash: string; email: string | null }) =>
  sha256Hex(`${user.passwordHash}\n${user.email?.toLowerCase() ?? ''}`);

/** The reset page's address: from SITE_URL (wrangler.toml [vars]), never from the request's Host header. */
export function resetLink(env: Pick<Env, 'SITE_URL'>, token: string): string {
  return `${new URL(env.SITE_URL).origin}/forgot-password/${token}`;
}

export async function sendResetMail(
  env: Env,
  user: { id: string; name: string; email: string; passwordHash: string },
): Promise<void> {
  const token = randomToken();
  const stored: StoredReset = {
    userId: user.id,
    expiresAt: Date.now() + RESET_TOKEN_SECONDS * 1000,
    stamp: await resetStamp(user),
  };
  await env.KV.put(await resetKey(token), JSON.stringify(stored), { expirationTtl: RESET_TOKEN_SECONDS });
  await sendMail(env, {
    to: user.email,
    subject: 'Reset your password',
    text:
      `Hello ${user.name},\n\n` +
      `someone (hopefully you) asked to reset the password of your account. Open this link within one hour to choose a new one:\n\n` +
      `${resetLink(env, token)}\n\n` +
      `If you did not ask for this, ignore this mail; your password stays as it is.\n`,
  });
}
