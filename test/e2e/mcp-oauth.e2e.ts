// An MCP client connects through OAuth as a real one does (docs/decisions/045-mcp-server.md): it registers itself,
// sends the person's browser to the portal's consent page with a PKCE challenge, the person signs in and allows it in
// Chromium, the client exchanges the code and calls a tool with the SDK's own client, getting the person's data.
// Disconnected in My account, the client's next call is refused. Denied, the client is told access_denied.
import { createHash, randomBytes } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import { baseUrl, expect, test, watchProblems } from './browser';
import { DEMO_PASSWORD } from '#worker/scripts/seed-demo-content';

/** The client's own callback, an app on the person's computer (its origin is not the portal's: never loaded). */
const REDIRECT = 'http://127.0.0.1:8976/callback';

async function register(clientName: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: clientName, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
  });
  expect(res.status).toBe(201);
  return (await res.json<{ client_id: string }>()).client_id;
}

/** The authorization URL a client opens in the browser, with its PKCE verifier and state. */
function authorizationUrl(clientId: string, scope: string) {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('hex');
  const url = new URL('/oauth/authorize', baseUrl());
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${baseUrl()}/mcp`,
  }).toString();
  return { url: url.href, verifier, state };
}

/**
 * Opens the authorization URL signed out, as a client does in the person's browser: the portal asks them to sign in
 * first and then brings them back to the consent, the client's request intact.
 */
async function signInToConsent(page: Page, url: string, user: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Connect an assistant' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
}

/** Clicks the consent's button and answers where the browser was sent back to (the client's redirect). */
async function answerConsent(page: Page, button: 'Allow' | 'Deny'): Promise<URL> {
  const redirected = page.waitForRequest((request) => request.url().startsWith(REDIRECT));
  await page.getByRole('button', { name: button }).click();
  return new URL((await redirected).url());
}

async function mcpClient(accessToken: string): Promise<Client> {
  const client = new Client({ name: 'e2e-assistant', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
    }),
  );
  return client;
}

const toolText = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text;

/** The flow crosses several screens and a cold worker's first loads of the MCP and OAuth code: slack for a busy CI. */
function patient(page: Page): void {
  page.setDefaultTimeout(30_000);
  page.setDefaultNavigationTimeout(60_000);
}

test(
  'a client registers, the editor allows it in the browser, it reads their articles, disconnected it is refused',
  {
    timeout: 180_000,
  },
  async ({ page }) => {
    patient(page);
    const problems = watchProblems(page);
    const clientName = `E2E Assistant ${Date.now().toString(36)}`;
    const clientId = await register(clientName);
    const { url, verifier, state } = authorizationUrl(clientId, 'full');

    await signInToConsent(page, url, 'editor');
    const consent = page.getByRole('region', { name: 'Connect an assistant' });
    await expect.poll(() => consent.textContent()).toContain(`${clientName} asks to work in the portal as you.`);
    const text = await consent.textContent();
    expect(text).toContain('The access will be sent to 127.0.0.1.');
    expect(text).toContain('This sends the access to an app on your own computer.');
    expect(text).toContain('It asks to: read, write drafts and ask for publication, as you');

    const back = await answerConsent(page, 'Allow');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();

    // The client, outside the browser: the code and the PKCE verifier for an access token.
    const tokenRes = await fetch(`${baseUrl()}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
        resource: `${baseUrl()}/mcp`,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const { access_token: accessToken, scope } = await tokenRes.json<{ access_token: string; scope: string }>();
    expect(scope).toBe('full');

    const client = await mcpClient(accessToken);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('create_draft');
    const mine = JSON.parse(
      toolText(await client.callTool({ name: 'list_my_articles', arguments: { limit: 50 } })),
    ) as {
      items: { title: string }[];
    };
    // The editor's own articles of the demo, as the workspace lists them to the editor in the browser.
    const workspace = (await (await page.request.get('/api/workspace/articles?limit=50')).json()) as {
      result: { items: { title: string }[] };
    };
    expect(workspace.result.items.length).toBeGreaterThan(0);
    expect(mine.items.map((a) => a.title)).toEqual(workspace.result.items.map((a) => a.title));

    // My account lists the client; disconnected there behind the confirmation, its next call is refused.
    await page.goto('/myaccount');
    const section = page.getByRole('region', { name: 'Connected assistants' });
    const row = section.getByRole('row').filter({ has: page.getByRole('rowheader', { name: clientName }) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Full');
    await row.getByRole('button', { name: `Disconnect ${clientName}` }).click();
    await page
      .getByRole('alertdialog', { name: `Disconnect ${clientName}?` })
      .getByRole('button', { name: `Disconnect ${clientName}` })
      .click();
    await page.getByText(`${clientName} was disconnected.`).waitFor();
    await row.waitFor({ state: 'detached' });

    await expect(client.callTool({ name: 'list_my_articles', arguments: {} })).rejects.toThrow();
    const refused = await fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_channels' } }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
    await client.close();
    expect(problems).toEqual([]);
  },
);

test(
  'denied on the consent screen, the client is sent back with access_denied and gets no code',
  {
    timeout: 120_000,
  },
  async ({ page }) => {
    patient(page);
    const problems = watchProblems(page);
    const clientId = await register('E2E Denied Assistant');
    const { url, state } = authorizationUrl(clientId, 'read');
    await signInToConsent(page, url, 'contributor');
    const consent = page.getByRole('region', { name: 'Connect an assistant' });
    await expect.poll(() => consent.textContent()).toContain('It asks to: read what you may read');

    const back = await answerConsent(page, 'Deny');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeNull();
    expect(problems).toEqual([]);
  },
);
