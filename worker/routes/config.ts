// /api/config: the deployment's public settings the SPA needs, e.g. Turnstile's site key (decision 021).
import { Hono } from 'hono';
import { clientConfig } from '#schema/entities';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { describe } from '../lib/route-doc';
import { turnstileOn } from '../services/turnstile';

export const configRoutes = new Hono<AppEnv>().get(
  '/',
  describe({
    summary: "The deployment's public settings for the SPA (Turnstile's site key, or null)",
    result: clientConfig,
  }),
  (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, { turnstileSiteKey: turnstileOn(c.env) ? c.env.TURNSTILE_SITE_KEY.trim() : null });
  },
);
