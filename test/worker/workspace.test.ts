// The editor workspace's lists (GET /workspace/...): own content with drafts, hidden and restricted items,
// ADMIN's view of everyone with the owner filter, the text filter, paging, and the publication state per row.
import { describe, expect, it } from 'vitest';
import { workspaceArticlePage, workspaceChannelPage, workspaceNewsPage } from '#schema/workspace';
import { publicationRequests } from '#schema/tables';
import { asRole, createArticle, createChannel, createNewsItem } from './content-factories';
import { call, db, unique } from './helpers';

const titles = (page: { items: { title: string }[] }) => page.items.map((i) => i.title);

describe('GET /workspace/articles', () => {
  it("lists the editor's own articles, drafts, hidden and restricted included, and nobody else's", async () => {
    const editor = await asRole('CLIENT');
    const other = await asRole('CLIENT');
    const tag = unique('mine');
    const draft = await createArticle({
      userId: editor.user.id,
      title: `${tag} draft`,
      published: false,
      createdAt: 1,
    });
    await createArticle({ userId: editor.user.id, title: `${tag} hidden`, hidden: true });
    await createArticle({ userId: editor.user.id, title: `${tag} restricted`, restricted: true });
    await createArticle({ userId: other.user.id, title: `${tag} of another` });
    const res = await editor.call('/workspace/articles');
    expect(res.status).toBe(200);
    const page = workspaceArticlePage.parse(res.body.result);
    expect(titles(page).sort()).toEqual([`${tag} draft`, `${tag} hidden`, `${tag} restricted`]);
    const row = page.items.find((i) => i.id === draft.id)!;
    expect(row).toMatchObject({ published: false, userName: editor.user.name, publication: null, channelName: null });
  });

  it('filters by text (any case, % and _ taken literally) and pages with the cursor, last changed first', async () => {
    const editor = await asRole('CONTRIBUTOR');
    const now = Date.now();
    for (let i = 0; i < 5; i++)
      await createArticle({ userId: editor.user.id, title: `Alpine hut ${i}`, published: false });
    await createArticle({ userId: editor.user.id, title: 'Sea view' });
    await createArticle({ userId: editor.user.id, title: '100% alpine_x' });
    const filtered = workspaceArticlePage.parse(
      (await editor.call('/workspace/articles?q=ALPINE%20HUT&limit=2')).body.result,
    );
    expect(filtered.items).toHaveLength(2);
    const second = workspaceArticlePage.parse(
      (await editor.call(`/workspace/articles?q=alpine%20hut&limit=2&cursor=${filtered.nextCursor}`)).body.result,
    );
    const third = workspaceArticlePage.parse(
      (await editor.call(`/workspace/articles?q=alpine%20hut&limit=2&cursor=${second.nextCursor}`)).body.result,
    );
    expect(third.nextCursor).toBeNull();
    const all = [...filtered.items, ...second.items, ...third.items];
    expect(new Set(all.map((i) => i.id)).size).toBe(5);
    const times = all.map((i) => Date.parse(i.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(times.every((t) => t >= now - 1000)).toBe(true);
    expect(titles(workspaceArticlePage.parse((await editor.call('/workspace/articles?q=0%25')).body.result))).toEqual([
      '100% alpine_x',
    ]);
    expect(titles(workspaceArticlePage.parse((await editor.call('/workspace/articles?q=e_x')).body.result))).toEqual([
      '100% alpine_x',
    ]);
    expect((await editor.call('/workspace/articles?cursor=nonsense')).status).toBe(400);
  });

  it("gives ADMIN everyone's articles and one owner's with ?owner; an editor may only name themself", async () => {
    const admin = await asRole('ADMIN');
    const a = await asRole('CLIENT');
    const b = await asRole('CLIENT');
    const tag = unique('owned');
    await createArticle({ userId: a.user.id, title: `${tag} a`, published: false });
    await createArticle({ userId: b.user.id, title: `${tag} b`, hidden: true });
    const everyone = workspaceArticlePage.parse((await admin.call(`/workspace/articles?q=${tag}`)).body.result);
    expect(titles(everyone).sort()).toEqual([`${tag} a`, `${tag} b`]);
    const onlyB = workspaceArticlePage.parse(
      (await admin.call(`/workspace/articles?q=${tag}&owner=${b.user.id}`)).body.result,
    );
    expect(onlyB.items.map((i) => [i.title, i.userName])).toEqual([[`${tag} b`, b.user.name]]);
    expect((await a.call(`/workspace/articles?owner=${a.user.id}`)).status).toBe(200);
    expect((await a.call(`/workspace/articles?owner=${b.user.id}`)).status).toBe(403);
    expect((await a.call('/workspace/articles?owner=not-a-uuid')).status).toBe(400);
  });

  it('carries the latest publication request: pending, then approved with its expiry', async () => {
    const editor = await asRole('CLIENT');
    const article = await createArticle({ userId: editor.user.id, published: false });
    expect(
      (await editor.call('/publications', { method: 'POST', body: { contentId: article.id, type: 'article' } })).status,
    ).toBe(201);
    let row = workspaceArticlePage
      .parse((await editor.call('/workspace/articles')).body.result)
      .items.find((i) => i.id === article.id)!;
    expect(row.publication).toMatchObject({ status: 'PENDING', expirationDate: null });
    const expires = Date.now() + 86_400_000;
    await db()
      .insert(publicationRequests)
      .values({
        id: crypto.randomUUID(),
        userId: editor.user.id,
        contentId: article.id,
        type: 'article',
        status: 'APPROVED',
        expirationDate: expires,
        createdAt: Date.now() + 1000,
      });
    row = workspaceArticlePage
      .parse((await editor.call('/workspace/articles')).body.result)
      .items.find((i) => i.id === article.id)!;
    expect(row.publication).toMatchObject({ status: 'APPROVED', expirationDate: new Date(expires).toISOString() });
  });

  it('names the channel and filters by it', async () => {
    const editor = await asRole('CLIENT');
    const channel = await createChannel({ userId: editor.user.id, name: unique('Home channel') });
    await createArticle({ userId: editor.user.id, channelId: channel.id, title: 'in the channel' });
    await createArticle({ userId: editor.user.id, title: 'outside' });
    const page = workspaceArticlePage.parse(
      (await editor.call(`/workspace/articles?channel=${channel.id}`)).body.result,
    );
    expect(page.items.map((i) => [i.title, i.channelName])).toEqual([
      ['in the channel', expect.stringMatching(/^Home channel/)],
    ]);
  });

  it('refuses readers (403) and anonymous callers (401)', async () => {
    const reader = await asRole('REGULAR_USER');
    expect((await reader.call('/workspace/articles')).status).toBe(403);
    expect((await call('/workspace/articles')).status).toBe(401);
  });
});

describe('GET /workspace/channels/{id}/articles', () => {
  it("lists every article of the caller's channel in its editorial order, drafts and hidden ones included", async () => {
    const editor = await asRole('CLIENT');
    const channel = await createChannel({ userId: editor.user.id });
    const first = await createArticle({
      userId: editor.user.id,
      channelId: channel.id,
      title: 'first',
      hidden: true,
      createdAt: 1000,
    });
    const second = await createArticle({
      userId: editor.user.id,
      channelId: channel.id,
      title: 'second',
      published: false,
      createdAt: 2000,
    });
    await createArticle({ userId: editor.user.id, channelId: channel.id, title: 'unordered newest', createdAt: 3000 });
    await createArticle({ userId: editor.user.id, channelId: channel.id, title: 'unordered older', createdAt: 2500 });
    await editor.call(`/channels/${channel.id}`, {
      method: 'PUT',
      body: { articleOrdinals: { main: [second.id, first.id] } },
    });
    const page = workspaceArticlePage.parse(
      (await editor.call(`/workspace/channels/${channel.id}/articles?limit=3`)).body.result,
    );
    expect(titles(page)).toEqual(['second', 'first', 'unordered newest']);
    const rest = workspaceArticlePage.parse(
      (await editor.call(`/workspace/channels/${channel.id}/articles?limit=3&cursor=${page.nextCursor}`)).body.result,
    );
    expect(titles(rest)).toEqual(['unordered older']);
    expect(rest.nextCursor).toBeNull();
  });

  it("is the channel owner's and ADMIN's: another editor gets 404, as if it did not exist", async () => {
    const owner = await asRole('CLIENT');
    const other = await asRole('CONTRIBUTOR');
    const admin = await asRole('ADMIN');
    const channel = await createChannel({ userId: owner.user.id });
    await createArticle({ userId: owner.user.id, channelId: channel.id, published: false });
    expect((await other.call(`/workspace/channels/${channel.id}/articles`)).status).toBe(404);
    const seen = workspaceArticlePage.parse(
      (await admin.call(`/workspace/channels/${channel.id}/articles`)).body.result,
    );
    expect(seen.items).toHaveLength(1);
    expect((await admin.call(`/workspace/channels/${crypto.randomUUID()}/articles`)).status).toBe(404);
  });
});

describe('GET /workspace/channels', () => {
  it('lists own channels with drafts, hidden and private ones, filtered by name; ADMIN by owner', async () => {
    const editor = await asRole('CLIENT');
    const admin = await asRole('ADMIN');
    const tag = unique('Chan');
    await createChannel({ userId: editor.user.id, name: `${tag} draft`, published: false });
    await createChannel({ userId: editor.user.id, name: `${tag} hidden`, hidden: true });
    await createChannel({ userId: editor.user.id, name: `${tag} private`, private: true });
    await createChannel({ name: `${tag} of another` });
    const own = workspaceChannelPage.parse((await editor.call(`/workspace/channels?q=${tag}`)).body.result);
    expect(own.items.map((c) => c.name).sort()).toEqual([`${tag} draft`, `${tag} hidden`, `${tag} private`]);
    expect(own.items.find((c) => c.name.endsWith('draft'))).toMatchObject({
      published: false,
      publication: null,
      userName: editor.user.name,
    });
    const all = workspaceChannelPage.parse((await admin.call(`/workspace/channels?q=${tag}`)).body.result);
    expect(all.items).toHaveLength(4);
    const one = workspaceChannelPage.parse(
      (await admin.call(`/workspace/channels?q=${tag}&owner=${editor.user.id}`)).body.result,
    );
    expect(one.items).toHaveLength(3);
  });
});

describe('GET /workspace/news', () => {
  it("lists the author's news items with their target's title, scheduled ones included; ADMIN everyone's", async () => {
    const editor = await asRole('CONTRIBUTOR');
    const admin = await asRole('ADMIN');
    const article = await createArticle({ userId: editor.user.id, title: unique('Target'), published: false });
    const channel = await createChannel({ userId: editor.user.id, name: unique('Target channel') });
    const tag = unique('News');
    await createNewsItem({
      refKind: 'article',
      refId: article.id,
      userId: editor.user.id,
      title: `${tag} 1`,
      publishedAt: Date.now() + 86_400_000,
    });
    await createNewsItem({ refKind: 'channel', refId: channel.id, userId: editor.user.id, title: `${tag} 2` });
    await createNewsItem({ refKind: 'channel', refId: channel.id, title: `${tag} by another` });
    const page = workspaceNewsPage.parse((await editor.call(`/workspace/news?q=${tag}`)).body.result);
    expect(page.items.map((n) => [n.title, n.ref.kind]).sort()).toEqual([
      [`${tag} 1`, 'article'],
      [`${tag} 2`, 'channel'],
    ]);
    const scheduled = page.items.find((n) => n.title === `${tag} 1`)!;
    expect(scheduled.refTitle).toMatch(/^Target/);
    expect(Date.parse(scheduled.publishedAt)).toBeGreaterThan(Date.now());
    const all = workspaceNewsPage.parse((await admin.call(`/workspace/news?q=${tag}`)).body.result);
    expect(all.items).toHaveLength(3);
  });
});

describe('POST /publications with a wished expiry date', () => {
  it('stores the wished date with the request; a date in the past is 400 and opens nothing', async () => {
    const editor = await asRole('CLIENT');
    const article = await createArticle({ userId: editor.user.id, published: false });
    const past = await editor.call('/publications', {
      method: 'POST',
      body: { contentId: article.id, type: 'article', expirationDate: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.status).toBe(400);
    const wished = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await editor.call('/publications', {
      method: 'POST',
      body: { contentId: article.id, type: 'article', expirationDate: wished },
    });
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ status: 'PENDING', expirationDate: wished });
    const row = workspaceArticlePage
      .parse((await editor.call('/workspace/articles')).body.result)
      .items.find((i) => i.id === article.id)!;
    expect(row.publication).toMatchObject({ status: 'PENDING', expirationDate: wished });
  });
});

describe('one row by ?id', () => {
  it("answers the caller's one article, channel or news item, and nothing of someone else's", async () => {
    const editor = await asRole('CLIENT');
    const other = await asRole('CLIENT');
    const article = await createArticle({ userId: editor.user.id, published: false });
    const channel = await createChannel({ userId: editor.user.id });
    const item = await createNewsItem({ refKind: 'channel', refId: channel.id, userId: editor.user.id });
    expect(
      workspaceArticlePage
        .parse((await editor.call(`/workspace/articles?id=${article.id}`)).body.result)
        .items.map((i) => i.id),
    ).toEqual([article.id]);
    expect(
      workspaceChannelPage
        .parse((await editor.call(`/workspace/channels?id=${channel.id}`)).body.result)
        .items.map((i) => i.id),
    ).toEqual([channel.id]);
    expect(
      workspaceNewsPage.parse((await editor.call(`/workspace/news?id=${item.id}`)).body.result).items.map((i) => i.id),
    ).toEqual([item.id]);
    expect(
      workspaceArticlePage.parse((await other.call(`/workspace/articles?id=${article.id}`)).body.result).items,
    ).toEqual([]);
  });
});
