// OAuth fixtures for the MCP server's tests (docs/decisions/045-mcp-server.md): a registered client, an authorization
// request as a client sends it, and a client connected in someone's session, all through the real handler.
import { exports } from 'cloudflare:workers';
import { BASE, call } from './helpers';

export const OAUTH_REDIRECT = 'http://127.0.0.1:8976/callback';

/** Registers a public client (dynamic registration); answers its id. */
export async function registerOAuthClient(name = 'Test Assistant'): Promise<string> {
  const res = await exports.default.fetch(
    new Request(`${BASE}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: name, redirect_uris: [OAUTH_REDIRECT], token_endpoint_auth_method: 'none' }),
    }),
  );
  if (res.status !== 201) throw new Error(`registration failed: ${res.status}`);
  return (await res.json<{ client_id: string }>()).client_id;
}

const base64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The query string a client sends the browser to /oauth/authorize with, and its PKCE verifier. */
export async function authorizationRequest(clientId: string, scope = 'full') {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: OAUTH_REDIRECT,
    scope,
    state: 'xyz',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${BASE}/mcp`,
  }).toString();
  return { query, verifier };
}

/** A client connected (consent allowed) in the session of `cookie`; answers the client's id. */
export async function connectOAuthClient(cookie: string): Promise<string> {
  const clientId = await registerOAuthClient();
  const { query } = await authorizationRequest(clientId);
  const res = await call('/oauth/decision', { method: 'POST', body: { request: query, allow: true }, cookie });
  if (res.status !== 200) throw new Error(`consent failed: ${res.status} ${res.body.message}`);
  return clientId;
}
