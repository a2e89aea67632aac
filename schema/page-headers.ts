// The headers of the SPA's own files, one list for both places that serve them: the asset server reads them from
// `_headers` in the build (written from this module by web/vite.config.ts), and the worker adds them to the page it
// renders itself (every page, worker/pages/render.tsx), where Cloudflare does not promise to apply `_headers`. The API's
// answers get theirs from worker/middleware/security.ts.

/**
 * Every file of the SPA. Everything it loads comes from its own origin: scripts and styles are Vite's hashed files,
 * pictures and videos come from /api/files. The pages the worker renders carry React's style props as style
 * attributes (a picture's frame and focal point), which style-src-attr allows; <style> elements and every script
 * but the SPA's own files stay refused (docs/decisions/025-server-rendering.md). The one exception is Cloudflare
 * Turnstile (decision 021): its script and its frame come from challenges.cloudflare.com. These headers are written
 * into the build, before anyone knows whether a deployment sets a site key, so that origin is always allowed;
 * without a key nothing loads from it.
 */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    `default-src 'self'; script-src 'self' ${TURNSTILE_ORIGIN}; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self' data:; ` +
    `connect-src 'self'; frame-src ${TURNSTILE_ORIGIN}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Vite names these files by their content hash: they never change under one name. */
export const HASHED_ASSET_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'public, max-age=31536000, immutable',
};

/** The `_headers` file of the build (Workers static assets' format). */
export function headersFile(): string {
  const block = (pattern: string, headers: Readonly<Record<string, string>>) =>
    [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return [
    '# Written by web/vite.config.ts from schema/page-headers.ts: edit that module, not this file.',
    block('/*', PAGE_HEADERS),
    '',
    block('/assets/*', HASHED_ASSET_HEADERS),
    '',
  ].join('\n');
}
