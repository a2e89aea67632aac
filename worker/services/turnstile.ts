// Cloudflare Turnstile: where TURNSTILE_SECRET is set, the open forms (registration, contact and order, reset
// requests) and a sign-in from an unknown device over its account's budget ask for a solved challenge. The SPA
// renders the widget with TURNSTILE_SITE_KEY (GET /api/config) and sends its token in the `cf-turnstile-response`
// header; the worker checks it with siteverify. Without a secret (locally) nothing is asked. Decision 021.
import type { Context } from 'hono';
import type { AppEnv, Env } from '../env';
import { HttpError } from '../lib/errors';

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';
export const TURNSTILE_HEADER = 'cf-turnstile-response';
/** Turnstile's tokens are at most 2048 characters. */
const MAX_TOKEN_LENGTH = 2048;
export const CHALLENGE_FAILED = 'Please complete the anti-robot check and try again';

/** On with both halves: the site key the SPA renders the widget with, and the secret that checks its tokens. */
export const turnstileOn = (env: Env) => !!env.TURNSTILE_SECRET && !!env.TURNSTILE_SITE_KEY.trim();

/** Whether the request carries a token siteverify accepts. Fails closed: no answer from siteverify is a no. */
export async function passedTurnstile(c: Context<AppEnv>): Promise<boolean> {
  const secret = c.env.TURNSTILE_SECRET;
  const token = c.req.header(TURNSTILE_HEADER);
  if (!secret || !token || token.length > MAX_TOKEN_LENGTH) return false;
  const form = new FormData();
  form.append('secret', secret);
  form.append('response', token);
  const ip = c.req.header('CF-Connecting-IP');
  if (ip) form.append('remoteip', ip);
  try {
    const res = await fetch(TURNSTILE_VERIFY_URL, { method: 'POST', body: form });
    if (!res.ok) return false;
    const outcome = await res.json<{ success?: unknown }>();
    return outcome.success === true;
  } catch {
    return false;
  }
}

/** Where Turnstile is on: 403 unless the request carries a solved challenge. */
export async function requireTurnstile(c: Context<AppEnv>): Promise<void> {
  if (!turnstileOn(c.env)) return;
  if (!(await passedTurnstile(c))) throw new HttpError(403, CHALLENGE_FAILED, undefined, { challenge: 'turnstile' });
}
