// One token check per MCP request (docs/decisions/045-mcp-server.md): /mcp authenticates the token at the primary and
// the tools' in-process API calls carry that identity instead of looking the token up again. Nothing else weakens:
// the identity is taken only for the credential it was checked with, the token's scope still limits what the API
// does, a revoked token or a deactivated person is refused at the very next /mcp request, and the API's rate limits
// count a tool's calls by the client's address as they count any API client's.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Role } from '#schema/enums';
import { articles, auditLog, users } from '#schema/tables';
import { ApiRefusal, callApi, type McpCaller } from '#worker/mcp/api';
import type { McpIdentity } from '#worker/lib/mcp-via';
import { SEARCH_LIMIT as SEARCH_RATE } from '#worker/services/rate-limit';
import { as, BASE, db } from './helpers';

/** A signed-in person of the role and a token of theirs with the scope. */
async function tokenOf(role: Role, scope: 'read' | 'full') {
  const person = await as(role);
  const made = await person.call('/tokens', {
    method: 'POST',
    body: { name: `mcp ${scope}`, scope, expiresInDays: 30 },
  });
  expect(made.status, made.body.message).toBe(201);
  const token = made.body.result.token as string;
  const identity: McpIdentity = {
    credential: token,
    user: { id: person.user!.id, name: person.user!.name, role },
    apiToken: { id: made.body.result.id as string, name: `mcp ${scope}`, scope },
  };
  return { person, token, tokenId: made.body.result.id as string, identity };
}

/** The D1 binding, recording the SQL of every statement prepared on it or on its sessions. */
function recordingD1(d1: D1Database, statements: string[]): D1Database {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === 'prepare')
          return (sql: string) => {
            statements.push(sql);
            return (t as unknown as D1Database).prepare(sql);
          };
        if (prop === 'withSession')
          return (...args: Parameters<D1Database['withSession']>) =>
            wrap((t as unknown as D1Database).withSession(...args));
        const value = Reflect.get(t, prop, t) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
    });
  return wrap(d1);
}

/** An MCP tool's caller as /mcp makes it, on a D1 binding that records what the API asks it. */
function callerOf(token: string, identity: McpIdentity, statements: string[]): McpCaller {
  return {
    env: { ...env, DB: recordingD1(env.DB, statements) },
    ctx: createExecutionContext(),
    token,
    request: new Request(`${BASE}/mcp`, { method: 'POST', headers: { 'CF-Connecting-IP': '203.0.113.7' } }),
    identity,
  };
}

const asksForToken = (statements: string[]) => statements.some((sql) => /"api_tokens"/.test(sql));

async function mcpClient(token: string, address = '203.0.113.1'): Promise<Client> {
  const client = new Client({ name: 'identity-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
      fetch: (url, init) => exports.default.fetch(new Request(url, init)),
      requestInit: { headers: { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': address } },
    }),
  );
  return client;
}

const rawToolCall = (token: string) =>
  exports.default.fetch(
    new Request(`${BASE}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_my_articles', arguments: {} },
      }),
    }),
  );

// The first call of a file loads the SDK into the isolate: more than the default 5 s on a busy machine.
describe('the identity an MCP tool carries into the API', { timeout: 30_000 }, () => {
  it('is taken instead of a second token look-up, and only for the credential it was checked with', async () => {
    const { token, identity } = await tokenOf('CLIENT', 'full');
    const carried: string[] = [];
    const caller = callerOf(token, identity, carried);
    const page = await callApi<{ items: unknown[] }>(caller, 'GET', '/workspace/articles?limit=5');
    await waitOnExecutionContext(caller.ctx);
    expect(Array.isArray(page.items)).toBe(true);
    expect(carried.length).toBeGreaterThan(0);
    expect(asksForToken(carried)).toBe(false);

    // An identity checked for another credential stands for nothing: the token sent is looked up as any other.
    const other: string[] = [];
    const mismatched = callerOf(token, { ...identity, credential: `sop_${'z'.repeat(43)}` }, other);
    await callApi(mismatched, 'GET', '/workspace/articles?limit=5');
    await waitOnExecutionContext(mismatched.ctx);
    expect(asksForToken(other)).toBe(true);
  });

  it("a read token's identity still cannot write: the API's scope rule refuses it, nothing is written", async () => {
    const { person, token, identity } = await tokenOf('CONTRIBUTOR', 'read');
    const caller = callerOf(token, identity, []);
    const refused = await callApi(caller, 'POST', '/articles', {
      title: 'Written with a read token',
      type: 'text',
      channelId: null,
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiRefusal);
    expect((refused as ApiRefusal).status).toBe(403);
    const written = await db().select().from(articles).where(eq(articles.title, 'Written with a read token')).all();
    expect(written).toEqual([]);
    const entries = await db().select().from(auditLog).where(eq(auditLog.actorId, person.user!.id)).all();
    expect(entries.map((e) => e.action)).toEqual(['token_created']);
  });

  it('a token revoked is refused at the next /mcp request, as is a token of a person deactivated', async () => {
    const editor = await tokenOf('CLIENT', 'full');
    const client = await mcpClient(editor.token);
    const before = (await client.callTool({ name: 'list_my_articles', arguments: {} })) as { isError?: boolean };
    expect(before.isError).toBeFalsy();
    const revoked = await editor.person.call(`/tokens/${editor.tokenId}`, { method: 'DELETE' });
    expect(revoked.status, revoked.body.message).toBe(200);
    await expect(client.callTool({ name: 'list_my_articles', arguments: {} })).rejects.toThrow();
    const refused = await rawToolCall(editor.token);
    expect(refused.status).toBe(401);
    expect((await refused.json<{ message: string }>()).message).toBe('This API token was revoked');

    const contributor = await tokenOf('CONTRIBUTOR', 'full');
    expect((await rawToolCall(contributor.token)).status).toBe(200);
    await db().update(users).set({ active: false }).where(eq(users.id, contributor.identity.user.id));
    expect((await rawToolCall(contributor.token)).status).toBe(401);
  });

  // Over a hundred tool calls: a minute's slack for a busy machine.
  it("counts a tool's API calls in the API's rate limits, by the client's address", { timeout: 90_000 }, async () => {
    const { token } = await tokenOf('CLIENT', 'read');
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const client = await mcpClient(token, address);
    // Each text its own, so that no answer comes from the edge cache (which counts nothing).
    let n = 0;
    const search = async (c: Client) =>
      (await c.callTool({ name: 'search', arguments: { text: `limit probe ${address} ${n++}` } })) as {
        isError?: boolean;
        content: { text: string }[];
      };
    // The binding counts in fixed windows: should one end during the loop, the count starts over, so the refusal
    // comes after `max` calls at the earliest and within two windows' worth.
    let over: Awaited<ReturnType<typeof search>> | undefined;
    let calls = 0;
    while (calls < 2 * SEARCH_RATE.max + 1 && !over?.isError) {
      over = await search(client);
      calls++;
    }
    expect(over?.content[0]!.text).toBe(`Refused (HTTP 429): ${SEARCH_RATE.message}`);
    expect(calls).toBeGreaterThan(SEARCH_RATE.max);
    // The same token from another address is another count.
    expect((await search(await mcpClient(token, '192.0.2.77'))).isError).toBeFalsy();
  });
});
