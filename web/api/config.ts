// /api/config: the deployment's public settings (Turnstile's site key), and the header its token travels in.
import { clientConfig } from '#schema/entities';
import { api, call } from './client';

/** Public: its answer says nothing about the session, so a 401 from it (a proxy's, say) signs nobody out. */
export const getConfig = () => call(api.config.$get(), clientConfig, { reportUnauthorized: false });

/** The request options that carry a solved Turnstile challenge (worker/services/turnstile.ts reads the header). */
export const challengeHeaders = (token: string | null | undefined) =>
  token ? { headers: { 'cf-turnstile-response': token } } : undefined;
