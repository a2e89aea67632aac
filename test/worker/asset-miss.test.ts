// A path under /assets/ that is no file reaches the worker (not_found_handling = "none") and is 404, never a page
// kept under a script's name: the build's hashed files are served `immutable` for a year.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BASE } from './helpers';

describe('a missing file under /assets/', () => {
  it('is 404 text, not stored anywhere, and no page', async () => {
    const miss = await exports.default.fetch(new Request(`${BASE}/assets/index-0000dead.js`));
    expect(miss.status).toBe(404);
    expect(miss.headers.get('Content-Type')).toContain('text/plain');
    expect(miss.headers.get('Cache-Control')).toBe('no-store');
    expect(await miss.text()).not.toContain('<div id="root">');
  });
});
