// The MCP server at /mcp (docs/decisions/045-mcp-server.md), driven by the SDK's own client over Streamable HTTP
// against the worker's real fetch handler: the tools a token's scope and role allow, each tool through the API's own
// rules (a stale version refused, a foreign draft not found), and an audit entry naming the token and "via MCP" for
// every write. Only the picture host of add_picture is outside the system, and faked.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { exports } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '#schema/enums';
import { apiTokens, auditLog } from '#schema/tables';
import { sha256Hex } from '#worker/services/session';
import { createArticle, createCategory, createChannel } from './content-factories';
import { as, BASE, createUser, db } from './helpers';
import { pngBytes } from './upload-fixtures';

const mcpFetch = (url: string | URL, init?: RequestInit) => exports.default.fetch(new Request(url, init));

/** A signed-in person of the role with a token of the scope, and an MCP client connected with it. */
async function connect(role: Role, scope: 'read' | 'full' = 'full') {
  const person = await as(role);
  const made = await person.call('/tokens', {
    method: 'POST',
    body: { name: `assistant ${scope}`, scope, expiresInDays: 30 },
  });
  expect(made.status, made.body.message).toBe(201);
  const token = made.body.result.token as string;
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
      fetch: mcpFetch,
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  const tool = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as {
      content: { type: string; text: string }[];
      isError?: boolean;
    };
    const text = result.content.map((c) => c.text).join('');
    return { isError: !!result.isError, text, json: () => JSON.parse(text) };
  };
  return { person, user: person.user!, token, tokenId: made.body.result.id as string, client, tool };
}

const entriesOf = (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.at).all();

afterEach(() => vi.restoreAllMocks());

const READ_TOOLS = ['get_article', 'get_revisions', 'list_categories', 'list_channels', 'list_my_articles', 'search'];
const WRITE_TOOLS = ['add_picture', 'create_draft', 'request_publication', 'update_draft'];
const ADMIN_TOOLS = ['list_access_requests', 'list_publication_requests'];
const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();

// The first call of a file loads the SDK into the isolate: more than the default 5 s on a busy machine.
describe('connecting', { timeout: 30_000 }, () => {
  it('initializes with the server info and lists the tools the scope and role allow, each with an input schema', async () => {
    const full = await connect('CLIENT');
    expect(full.client.getServerVersion()?.name).toBe('so-portal');
    expect(await names(full.client)).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    for (const t of (await full.client.listTools()).tools) {
      expect(t.description, t.name).toBeTruthy();
      expect(t.inputSchema.type, t.name).toBe('object');
    }
    const read = await connect('CONTRIBUTOR', 'read');
    expect(await names(read.client)).toEqual(READ_TOOLS);
    const admin = await connect('ADMIN');
    expect(await names(admin.client)).toEqual([...READ_TOOLS, ...WRITE_TOOLS, ...ADMIN_TOOLS].sort());
  });

  it('refuses a request without a token, with an unknown one, and with a reader’s token (401, WWW-Authenticate)', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const none = await mcpFetch(`${BASE}/mcp`, { method: 'POST', headers, body });
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toMatch(/^Bearer /);
    const unknown = await mcpFetch(`${BASE}/mcp`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer sop_${'a'.repeat(43)}` },
      body,
    });
    expect(unknown.status).toBe(401);
    // Readers get no tokens (decision 034); a row made behind the API's back still opens nothing.
    const reader = await createUser({ role: 'REGULAR_USER' });
    const token = `sop_${'b'.repeat(43)}`;
    await db()
      .insert(apiTokens)
      .values({
        id: crypto.randomUUID(),
        userId: reader.id,
        name: 'sneaky',
        tokenHash: await sha256Hex(token),
        scope: 'full',
        createdAt: Date.now(),
        expiresAt: null,
        lastUsedAt: null,
        revokedAt: null,
      });
    const refused = await mcpFetch(`${BASE}/mcp`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${token}` },
      body,
    });
    expect(refused.status).toBe(401);
  });
});

describe('the read tools', () => {
  it('search, get_article (text as Markdown), list_channels, list_categories, list_my_articles, get_revisions', async () => {
    const { tool, user } = await connect('CLIENT');
    const channel = await createChannel({ userId: user.id, name: 'Bakery corner' });
    const category = await createCategory({ title: 'Breads' });
    const article = await createArticle({
      userId: user.id,
      channelId: channel.id,
      title: 'Rye sourdough unlocked',
      description: 'First paragraph.\n\nSecond one.',
      categoryIds: [category.id],
    });

    const hits = (await tool('search', { text: 'Rye sourdough' })).json();
    expect(hits).toContainEqual(expect.objectContaining({ kind: 'article', id: article.id }));

    const read = (await tool('get_article', { article: article.slug })).json();
    expect(read).toMatchObject({ id: article.id, title: 'Rye sourdough unlocked', categoryIds: [category.id] });
    expect(read.text).toBe('First paragraph.\n\nSecond one.');
    expect(read.version).toBeTypeOf('number');

    expect((await tool('list_channels')).json()).toContainEqual(expect.objectContaining({ id: channel.id }));
    expect((await tool('list_categories')).json()).toContainEqual(expect.objectContaining({ id: category.id }));
    const mine = (await tool('list_my_articles')).json();
    expect(mine.items.map((a: { id: string }) => a.id)).toEqual([article.id]);
    expect(mine.items[0]).toHaveProperty('publication');
    expect((await tool('get_revisions', { articleId: article.id })).isError).toBe(false);
  });

  it('never shows an article the person could not read through the API: a foreign draft, a locked text', async () => {
    const { tool, client } = await connect('CLIENT');
    const draft = await createArticle({ published: false, title: 'Someone else’s draft' });
    const refused = await tool('get_article', { article: draft.id });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/HTTP 404/);
    expect((await tool('get_revisions', { articleId: draft.id })).text).toMatch(/HTTP 404/);
    expect((await tool('search', { text: 'Someone else’s draft' })).json()).toEqual([]);

    const restricted = await createArticle({ restricted: true, description: 'Members only text' });
    const locked = (await tool('get_article', { article: restricted.id })).json();
    expect(locked).toMatchObject({ locked: true, text: '' });
    await expect(client.readResource({ uri: `portal://articles/${restricted.id}` })).rejects.toThrow(/no access/);
  });

  it('reads an article as a resource URI, as Markdown', async () => {
    const { client, user } = await connect('CLIENT', 'read');
    const article = await createArticle({ userId: user.id, title: 'Crumb', teaser: 'Open', description: 'Airy.' });
    const res = await client.readResource({ uri: `portal://articles/${article.id}` });
    expect(res.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: '# Crumb\n\nOpen\n\nAiry.' });
  });
});

describe('the write tools', () => {
  it('create_draft turns Markdown into the document, update_draft refuses a stale version, each write audited via MCP', async () => {
    const { tool, tokenId, user } = await connect('CLIENT');
    const channel = await createChannel({ userId: user.id });
    const created = await tool('create_draft', {
      title: 'Proofing times',
      teaser: 'How long?',
      text: '## Warm kitchen\n\nAbout **four** hours, see [the guide](https://example.com/guide).\n\n- flour\n- water',
      channelId: channel.id,
    });
    expect(created.isError, created.text).toBe(false);
    const draft = created.json();
    expect(draft).toMatchObject({ published: false, channelId: channel.id, userId: user.id });
    expect(draft.text).toBe(
      '## Warm kitchen\n\nAbout **four** hours, see [the guide](https://example.com/guide).\n\n- flour\n- water',
    );

    const saved = await tool('update_draft', { article: draft.id, version: draft.version, title: 'Proofing' });
    expect(saved.isError, saved.text).toBe(false);
    const stale = await tool('update_draft', { article: draft.id, version: draft.version, title: 'Lost' });
    expect(stale.isError).toBe(true);
    expect(stale.text).toMatch(/HTTP 409/);
    expect((await tool('get_article', { article: draft.id })).json().title).toBe('Proofing');

    const entries = await entriesOf(draft.id);
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated']);
    for (const e of entries) expect(e).toMatchObject({ actorKind: 'token', tokenId, via: 'mcp', actorId: user.id });
  });

  it('update_draft leaves published articles alone, its own and others’', async () => {
    const { tool, user } = await connect('CLIENT');
    const published = await createArticle({ userId: user.id, published: true });
    const read = (await tool('get_article', { article: published.id })).json();
    const res = await tool('update_draft', { article: published.id, version: read.version, title: 'Changed' });
    expect(res.text).toMatch(/published/);
    expect((await tool('get_article', { article: published.id })).json().title).toBe(read.title);
    const foreign = await createArticle({ published: true, title: 'Theirs' });
    const version = (await tool('get_article', { article: foreign.id })).json().version;
    expect((await tool('update_draft', { article: foreign.id, version, title: 'Mine now' })).isError).toBe(true);
    expect((await tool('get_article', { article: foreign.id })).json().title).toBe('Theirs');
  });

  it('add_picture stores bytes or a fetched public picture, refuses private hosts, and audits the change', async () => {
    const { tool, user, tokenId } = await connect('CLIENT');
    const draft = await createArticle({ userId: user.id, published: false });
    const base64 = btoa(String.fromCharCode(...pngBytes(4, 3)));
    const added = await tool('add_picture', { article: draft.id, title: 'Loaf', base64 });
    expect(added.isError, added.text).toBe(false);
    const { mediaId, markdown } = added.json();
    expect(markdown).toBe(`![Loaf](media:${mediaId})`);

    const host = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      expect(new Request(input).url).toBe('https://pictures.example.com/crumb.png');
      return new Response(pngBytes(2, 2), { headers: { 'Content-Type': 'image/png' } });
    });
    const fetched = await tool('add_picture', { article: draft.id, url: 'https://pictures.example.com/crumb.png' });
    expect(fetched.isError, fetched.text).toBe(false);
    expect(host).toHaveBeenCalledOnce();
    for (const url of ['https://10.0.0.1/a.png', 'http://pictures.example.com/a.png', 'https://intranet.local/a.png'])
      expect((await tool('add_picture', { article: draft.id, url })).isError, url).toBe(true);
    expect(host).toHaveBeenCalledOnce();
    const notPicture = await tool('add_picture', { article: draft.id, base64: btoa('plain text, no picture') });
    expect(notPicture.text).toMatch(/HTTP 4\d\d/);

    const read = (await tool('get_article', { article: draft.id })).json();
    expect(read.media.images.map((i: { id: string }) => i.id)).toContain(mediaId);
    const entries = await entriesOf(draft.id);
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const e of entries) expect(e).toMatchObject({ tokenId, via: 'mcp' });
  });

  it('request_publication asks and never publishes; the admin reads the queues; a read token writes nothing', async () => {
    const editor = await connect('CLIENT');
    const draft = await createArticle({ userId: editor.user.id, published: false });
    const asked = await editor.tool('request_publication', { articleId: draft.id });
    expect(asked.isError, asked.text).toBe(false);
    expect(asked.json()).toMatchObject({ status: 'PENDING' });
    expect((await editor.tool('get_article', { article: draft.id })).json().published).toBe(false);
    const entry = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, draft.id), eq(auditLog.via, 'mcp')))
      .all();
    expect(entry.length).toBeGreaterThan(0);

    const admin = await connect('ADMIN');
    const queue = (await admin.tool('list_publication_requests', { status: 'PENDING' })).json();
    expect(queue.items.map((r: { contentId?: string; id: string }) => JSON.stringify(r))).toEqual(
      expect.arrayContaining([expect.stringContaining(draft.id)]),
    );
    expect((await admin.tool('list_access_requests')).isError).toBe(false);
    // The editor's server has no admin tools at all.
    await expect(editor.tool('list_access_requests')).rejects.toThrow(/not found/);

    const reader = await connect('CONTRIBUTOR', 'read');
    await expect(reader.tool('create_draft', { title: 'Nope', channelId: null })).rejects.toThrow(/not found/);
    const written = await db().select().from(auditLog).where(eq(auditLog.actorId, reader.user.id)).all();
    expect(written.map((e) => e.action)).toEqual(['token_created']);
  });
});
