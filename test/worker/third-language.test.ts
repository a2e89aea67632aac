// A third language from configuration (issue 29, docs/languages.md): the real fetch handler with LANGUAGES naming
// French serves /fr/ pages in French URLs, offers French in the language switch, and sends a French browser's first
// visit there; with no French catalogue yet the interface speaks the default's words. No code lists the languages.
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '#worker/index';
import { BASE } from './helpers';

const THREE = { ...env, LANGUAGES: 'en-US,de-DE,fr-FR', EDGE_CACHE: 'off' };

async function page(path: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(BASE + path, { headers, redirect: 'manual' }), THREE, ctx);
  await waitOnExecutionContext(ctx);
  return { res, html: await res.text() };
}

describe('a third language from configuration', () => {
  it('serves /fr/ in French, with the switch offering it and the other pages naming it', async () => {
    const french = await page('/fr/about');
    expect(french.res.status).toBe(200);
    expect(french.html).toContain('<html lang="fr-FR">');
    expect(french.html).toMatch(/<option[^>]*value="fr-FR"[^>]*>français<\/option>/);
    // No French catalogue: the default's words.
    expect(french.html).toContain('About SO Portal');
    const english = await page('/about');
    expect(english.html).toContain('<link rel="alternate" hreflang="fr-FR" href="http://localhost:8787/fr/about">');
  }, 30_000);

  it('sends a French browser’s first visit to /fr/, and /es/ is still no language', async () => {
    const first = await page('/', { 'Accept-Language': 'fr-CH, fr;q=0.9' });
    expect(first.res.status).toBe(302);
    expect(first.res.headers.get('Location')).toBe('/fr/');
    expect((await page('/es/about')).res.status).toBe(404);
  });
});
