// OAuth 2.1 for MCP clients (docs/decisions/045-mcp-server.md) through the worker's real fetch handler: discovery,
// dynamic registration, the consent calls of the SPA's page in a signed-in session, the code exchange with PKCE, the
// MCP server called with the access token (acting through the API token the grant holds), the connected client
// listed in My account and revoked there, after which its token is refused.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiTokens, auditLog } from '#schema/tables';
import { as, BASE, call, db } from './helpers';
import { authorizationRequest, OAUTH_REDIRECT as REDIRECT, registerOAuthClient as register } from './oauth-fixtures';

const worker = (path: string, init?: RequestInit) => exports.default.fetch(new Request(BASE + path, init));
async function exchange(clientId: string, code: string, verifier: string): Promise<string> {
  const res = await worker('/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
      resource: `${BASE}/mcp`,
    }),
  });
  expect(res.status).toBe(200);
  return (await res.json<{ access_token: string }>()).access_token;
}

async function mcpClient(accessToken: string): Promise<Client> {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
      fetch: (url, init) => exports.default.fetch(new Request(url, init)),
      requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
    }),
  );
  return client;
}

describe('OAuth for MCP clients', { timeout: 30_000 }, () => {
  it('publishes the protected-resource and authorization-server metadata; /mcp points a client at them', async () => {
    const resource = await (await worker('/.well-known/oauth-protected-resource')).json();
    expect(resource).toMatchObject({ resource: `${BASE}/mcp`, authorization_servers: [BASE] });
    const server = await (await worker('/.well-known/oauth-authorization-server')).json<Record<string, unknown>>();
    expect(server).toMatchObject({
      issuer: BASE,
      authorization_endpoint: `${BASE}/oauth/authorize`,
      token_endpoint: `${BASE}/oauth/token`,
      registration_endpoint: `${BASE}/oauth/register`,
    });
    expect(server.code_challenge_methods_supported).toContain('S256');
    const challenge = await worker('/mcp', { method: 'POST', body: '{}' });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('WWW-Authenticate')).toContain(
      `resource_metadata="${BASE}/.well-known/oauth-protected-resource"`,
    );
  });

  it('register, consent, exchange with PKCE, call a tool as the person, list and revoke the client, refused after', async () => {
    const editor = await as('CLIENT');
    const clientId = await register();
    const { query, verifier } = await authorizationRequest(clientId);

    const consent = await editor.call('/oauth/consent', { method: 'POST', body: { request: query } });
    expect(consent.status, consent.body.message).toBe(200);
    expect(consent.body.result).toMatchObject({
      clientId,
      clientName: 'Test Assistant',
      redirectHost: '127.0.0.1',
      redirectIsLoopback: true,
      scope: 'full',
    });
    const decision = await editor.call('/oauth/decision', { method: 'POST', body: { request: query, allow: true } });
    expect(decision.status, decision.body.message).toBe(200);
    const back = new URL(decision.body.result.redirectTo);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('xyz');
    const accessToken = await exchange(clientId, back.searchParams.get('code')!, verifier);

    const client = await mcpClient(accessToken);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('create_draft');
    const created = (await client.callTool({
      name: 'create_draft',
      arguments: { title: 'Drafted by an assistant', channelId: null },
    })) as { content: { text: string }[]; isError?: boolean };
    expect(created.isError, created.content[0]?.text).toBeFalsy();
    const draftId = (JSON.parse(created.content[0]!.text) as { id: string }).id;
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.entityId, draftId)).all();
    expect(entry).toMatchObject({ actorId: editor.user!.id, tokenName: 'MCP: Test Assistant', via: 'mcp' });

    const listed = await editor.call('/oauth/clients');
    expect(listed.body.result).toEqual([
      expect.objectContaining({ clientId, clientName: 'Test Assistant', scope: 'full' }),
    ]);
    const token = await db().select().from(apiTokens).where(eq(apiTokens.userId, editor.user!.id)).get();
    expect(token).toMatchObject({ name: 'MCP: Test Assistant', scope: 'full', revokedAt: null });

    const revoked = await editor.call(`/oauth/clients/${encodeURIComponent(clientId)}`, { method: 'DELETE' });
    expect(revoked.status, revoked.body.message).toBe(200);
    expect((await editor.call('/oauth/clients')).body.result).toEqual([]);
    const tokenAfter = await db().select().from(apiTokens).where(eq(apiTokens.id, token!.id)).get();
    expect(tokenAfter?.revokedAt).not.toBeNull();
    await expect(client.listTools()).rejects.toThrow();
    const refused = await worker('/mcp', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(refused.status).toBe(401);
  });

  it('a read scope grants read tools only; deny goes back with access_denied; readers and tokens may not consent', async () => {
    const editor = await as('CONTRIBUTOR');
    const clientId = await register('Reader bot');
    const read = await authorizationRequest(clientId, 'read');
    const allowed = await editor.call('/oauth/decision', {
      method: 'POST',
      body: { request: read.query, allow: true },
    });
    const code = new URL(allowed.body.result.redirectTo).searchParams.get('code')!;
    const client = await mcpClient(await exchange(clientId, code, read.verifier));
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('create_draft');

    const other = await authorizationRequest(clientId);
    const denied = await editor.call('/oauth/decision', {
      method: 'POST',
      body: { request: other.query, allow: false },
    });
    const back = new URL(denied.body.result.redirectTo);
    expect([back.searchParams.get('error'), back.searchParams.get('state')]).toEqual(['access_denied', 'xyz']);

    const reader = await as('REGULAR_USER');
    expect((await reader.call('/oauth/consent', { method: 'POST', body: { request: other.query } })).status).toBe(403);
    const bad = await editor.call('/oauth/consent', {
      method: 'POST',
      body: {
        request: other.query.replace(encodeURIComponent(REDIRECT), encodeURIComponent('https://evil.example/cb')),
      },
    });
    expect(bad.status).toBe(400);

    const made = await editor.call('/tokens', {
      method: 'POST',
      body: { name: 'script', scope: 'full', expiresInDays: 30 },
    });
    const bearer = { Authorization: `Bearer ${made.body.result.token as string}` };
    expect((await call('/oauth/clients', { headers: bearer })).status).toBe(403);
  });
});
