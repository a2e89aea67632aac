// The authorization matrix: every route the worker registers against anonymous, REGULAR_USER, CLIENT,
// CONTRIBUTOR and ADMIN (and owner / non-owner where ownership decides), with the status each must get,
// each cell run through the real fetch handler with a valid request, so the status is the permission's.
// A route the app registers but the table lacks (or the reverse) fails the first test below.
// The rows are in authorization-matrix/ (one module per area), each area's cells in authorization-matrix-<area>.test.ts;
// this file holds the table to the routes the app registers, and the endpoints outside /api.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { apiTokens } from '#schema/tables';
import { app } from '#worker/app';
import { sha256Hex } from '#worker/services/session';
import { BASE, db } from './helpers';
import { CONTENT_ROWS } from './authorization-matrix/content';
import { PUBLISHING_ROWS } from './authorization-matrix/publishing';
import { PUBLIC_ROWS } from './authorization-matrix/public';
import { ACCOUNTS_ROWS } from './authorization-matrix/accounts';
import { ADMIN_ROWS } from './authorization-matrix/admin';
import { setUpMatrix, sessions, WHO, type Who } from './authorization-matrix/kit';

const MATRIX = [CONTENT_ROWS, PUBLISHING_ROWS, PUBLIC_ROWS, ACCOUNTS_ROWS, ADMIN_ROWS].flat();

setUpMatrix();

describe('authorization matrix', () => {
  it('names every route the app registers, and no other', () => {
    const registered = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    const tabled = new Set(MATRIX.map((e) => e.route));
    // Hono answers HEAD through the GET route, so a HEAD row stands for a registered GET.
    const exists = (route: string) =>
      registered.has(route) || (route.startsWith('HEAD ') && registered.has(`GET ${route.slice(5)}`));
    const missing = [...registered].filter((r) => !tabled.has(r));
    const stale = [...tabled].filter((r) => !exists(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });
});

// Outside /api: the MCP endpoint takes a portal API token (or an OAuth access token), never a session cookie; the
// OAuth authorization server's endpoints are public by nature (a client has no credential before them).
describe('authorization matrix: /mcp and the OAuth endpoints', { timeout: 30_000 }, () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'matrix', version: '1' } },
  });
  const mcp = (headers: Record<string, string>) =>
    exports.default.fetch(
      new Request(`${BASE}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: initialize,
      }),
    );
  /** A live token of the user, stored as POST /tokens stores one (readers get none that way, so made here). */
  async function tokenOf(userId: string): Promise<string> {
    const token = `sop_${crypto.randomUUID().replace(/-/g, '')}${'x'.repeat(11)}`;
    const now = Date.now();
    await db()
      .insert(apiTokens)
      .values({
        id: crypto.randomUUID(),
        userId,
        name: 'Matrix MCP',
        tokenHash: await sha256Hex(token),
        scope: 'read',
        createdAt: now,
        expiresAt: now + 24 * 3600 * 1000,
      });
    return token;
  }
  const byToken: Record<Who, number> = { anonymous: 401, REGULAR_USER: 401, CLIENT: 200, CONTRIBUTOR: 200, ADMIN: 200 };

  it.each(WHO)('/mcp: %s with a session cookie 401, with an API token as the table says', async (who) => {
    const session = who === 'anonymous' ? null : sessions[who];
    const byCookie = await mcp(session ? { Cookie: session.cookie } : {});
    expect(byCookie.status).toBe(401);
    expect(byCookie.headers.get('WWW-Authenticate')).toContain('resource_metadata=');
    if (!session) return;
    const res = await mcp({ Authorization: `Bearer ${await tokenOf(session.user.id)}` });
    await res.arrayBuffer();
    expect(res.status).toBe(byToken[who]);
  });

  it.each([
    ['GET', '/.well-known/oauth-authorization-server', undefined, 200],
    ['GET', '/.well-known/oauth-protected-resource', undefined, 200],
    ['GET', '/.well-known/oauth-protected-resource/mcp', undefined, 200],
    [
      'POST',
      '/oauth/register',
      JSON.stringify({ client_name: 'm', redirect_uris: ['https://client.example/cb'] }),
      201,
    ],
    ['POST', '/oauth/token', 'grant_type=authorization_code&code=nope&client_id=nope', 401],
  ] as const)('%s %s is public: %s', async (method, path, body, status) => {
    const contentType = path === '/oauth/token' ? 'application/x-www-form-urlencoded' : 'application/json';
    const res = await exports.default.fetch(
      new Request(`${BASE}${path}`, { method, body, headers: body ? { 'Content-Type': contentType } : {} }),
    );
    await res.arrayBuffer();
    expect(res.status).toBe(status);
  });
});
