// No lost work (decision 029): saves carry their version (409 on a stale one, nothing written), every save of an
// article, channel or news item keeps a revision (listed, read, restored as a new one, retention bounded), and
// shareable preview links (scoped, expiring, revocable, noindex, read-only, nothing else opens).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { article as articleSchema, preview as previewSchema } from '#schema/entities';
import { previewLinks, revisions } from '#schema/tables';
import { REVISION_DAYS, REVISIONS_KEPT } from '#worker/queries/revisions';
import { call, db, unique } from './helpers';
import { asRole, createArticle, createChannel, createNewsItem } from './content-factories';
import { doc, revisionCount } from './no-lost-work-kit';

const DAY = 24 * 3600 * 1000;

describe('revisions', () => {
  it('every save keeps one; they are listed newest first, read with their fields, and restored as a new one', async () => {
    const editor = await asRole('CLIENT');
    const created = await editor.call('/articles', {
      method: 'POST',
      body: { title: 'Version one', type: 'text', channelId: null, body: doc('First text') },
    });
    const id = created.body.result.id;
    await editor.call(`/articles/${id}`, { method: 'PUT', body: { title: 'Version two', body: doc('Second text') } });
    const list = await editor.call(`/revisions/article/${id}`);
    expect(list.status).toBe(200);
    expect(list.body.result.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    expect(list.body.result[0].userName).toBe(editor.user.name);
    const oldest = await editor.call(`/revisions/article/${id}/${list.body.result[1].id}`);
    expect(oldest.body.result.fields).toMatchObject({ title: 'Version one', description: 'First text' });
    const restored = await editor.call(`/revisions/article/${id}/${list.body.result[1].id}/restore`, {
      method: 'POST',
      body: { version: 2 },
    });
    expect(restored.status).toBe(200);
    const got = articleSchema.parse(restored.body.result);
    expect(got.title).toBe('Version one');
    expect(got.body).toEqual(doc('First text'));
    expect(got.version).toBe(3);
    expect((await editor.call(`/revisions/article/${id}`)).body.result).toHaveLength(3);
    // A restore from a stale form is a conflict like any save.
    const stale = await editor.call(`/revisions/article/${id}/${list.body.result[0].id}/restore`, {
      method: 'POST',
      body: { version: 2 },
    });
    expect(stale.status).toBe(409);
  });

  it("are the owner's and ADMIN's only, and a revision of another item is 404", async () => {
    const editor = await asRole('CLIENT');
    const other = await asRole('CLIENT');
    const a = await createArticle({ userId: editor.user.id });
    await editor.call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'Mine' } });
    expect((await other.call(`/revisions/article/${a.id}`)).status).toBe(403);
    expect((await call(`/revisions/article/${a.id}`)).status).toBe(401);
    const b = await createArticle({ userId: other.user.id });
    const rev = (await editor.call(`/revisions/article/${a.id}`)).body.result[0].id;
    expect((await other.call(`/revisions/article/${b.id}/${rev}`)).status).toBe(404);
  });

  it('keep the last 50, plus the last of each day for 90 days, pruned in the save', async () => {
    const editor = await asRole('CLIENT');
    const a = await createArticle({ userId: editor.user.id });
    const now = Date.now();
    // 100 old revisions: two a day for 50 days back, then 20 beyond 90 days.
    const old = [
      ...Array.from({ length: 100 }, (_, i) => now - (1 + Math.floor(i / 2)) * DAY - (i % 2) * 1000),
      ...Array.from({ length: 20 }, (_, i) => now - (REVISION_DAYS + 5 + i) * DAY),
    ].map((createdAt, i) => ({
      id: crypto.randomUUID(),
      entityType: 'article' as const,
      entityId: a.id,
      version: 1,
      userId: editor.user.id,
      fields: { title: `old ${i}` },
      createdAt,
    }));
    for (let i = 0; i < old.length; i += 10)
      await db()
        .insert(revisions)
        .values(old.slice(i, i + 10));
    await editor.call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'Now' } });
    const kept = await db().select().from(revisions).where(eq(revisions.entityId, a.id)).all();
    const days = new Set(kept.map((r) => Math.floor(r.createdAt / DAY)));
    // The newest 50 (today's save and 49 old ones) and one per remaining day within 90 days.
    expect(kept.length).toBeGreaterThanOrEqual(REVISIONS_KEPT);
    expect(kept.length).toBeLessThan(REVISIONS_KEPT + REVISION_DAYS);
    expect(kept.every((r) => r.createdAt >= now - REVISION_DAYS * DAY - DAY)).toBe(true);
    expect(days.size).toBeGreaterThanOrEqual(50);
  });

  it('channels and news items keep and restore theirs', async () => {
    const editor = await asRole('CLIENT');
    const ch = await createChannel({ userId: editor.user.id, name: unique('Chan') });
    await editor.call(`/channels/${ch.id}`, { method: 'PUT', body: { name: 'Named once', infoText: 'Info one' } });
    await editor.call(`/channels/${ch.id}`, { method: 'PUT', body: { name: 'Named twice' } });
    const list = (await editor.call(`/revisions/channel/${ch.id}`)).body.result;
    expect(list).toHaveLength(2);
    const restored = await editor.call(`/revisions/channel/${ch.id}/${list[1].id}/restore`, {
      method: 'POST',
      body: {},
    });
    expect(restored.status).toBe(200);
    expect(restored.body.result.name).toBe('Named once');
    const a = await createArticle({ userId: editor.user.id });
    const item = await createNewsItem({ refKind: 'article', refId: a.id, userId: editor.user.id, title: 'N0' });
    await editor.call(`/news/${item.id}`, { method: 'PUT', body: { title: 'N1' } });
    await editor.call(`/news/${item.id}`, { method: 'PUT', body: { title: 'N2' } });
    const newsList = (await editor.call(`/revisions/news/${item.id}`)).body.result;
    const back = await editor.call(`/revisions/news/${item.id}/${newsList[1].id}/restore`, {
      method: 'POST',
      body: {},
    });
    expect(back.body.result.title).toBe('N1');
  });

  it('go with their item', async () => {
    const editor = await asRole('CLIENT');
    const a = await createArticle({ userId: editor.user.id });
    await editor.call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'x' } });
    await editor.call('/previews', { method: 'POST', body: { type: 'article', id: a.id } });
    expect((await editor.call(`/articles/${a.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await revisionCount(a.id)).toBe(0);
    expect(await db().select().from(previewLinks).where(eq(previewLinks.entityId, a.id)).all()).toEqual([]);
  });
});

describe('preview links', () => {
  async function draftWithGallery() {
    const editor = await asRole('CLIENT');
    const a = await createArticle({
      userId: editor.user.id,
      published: false,
      title: 'Draft',
      thumbnailKey: 'image/draft-thumb.png',
      media: { kind: 'gallery', images: [{ key: 'image/draft-gallery.png' }] },
    });
    return { editor, a };
  }

  it('shows the latest saved draft read-only to anyone with the link, noindex and uncached, 7 days by default', async () => {
    const { editor, a } = await draftWithGallery();
    expect((await call(`/articles/${a.id}`)).status).toBe(404);
    const made = await editor.call('/previews', { method: 'POST', body: { type: 'article', id: a.id } });
    expect(made.status).toBe(201);
    const { token, expiresAt, createdAt } = made.body.result;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(7 * DAY);
    await editor.call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'Draft, saved again' } });
    const seen = await call(`/previews/view/${token}`);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('X-Robots-Tag')).toContain('noindex');
    expect(seen.headers.get('Cache-Control')).toContain('no-store');
    const result = previewSchema.parse(seen.body.result);
    expect(result.type === 'article' && result.article.title).toBe('Draft, saved again');
    // Its files come through the link itself; a file of another item does not.
    const href = result.type === 'article' ? result.article.thumbnailHref! : '';
    expect(href).toBe(`/api/previews/view/${token}/files/image/draft-thumb.png`);
    const { env } = await import('cloudflare:workers');
    await env.FILES.put('image/draft-thumb.png', new Uint8Array([1, 2, 3]), {
      httpMetadata: { contentType: 'image/png' },
    });
    const { exports } = await import('cloudflare:workers');
    const file = await exports.default.fetch(new Request(`http://localhost${href}`));
    expect(file.status).toBe(200);
    expect(file.headers.get('X-Robots-Tag')).toContain('noindex');
    const other = await createArticle({ thumbnailKey: 'image/other-thumb.png', published: false });
    await env.FILES.put('image/other-thumb.png', new Uint8Array([1]));
    const elsewhere = await exports.default.fetch(
      new Request(`http://localhost/api/previews/view/${token}/files/image/other-thumb.png`),
    );
    expect(elsewhere.status).toBe(404);
    await elsewhere.body?.cancel();
    // Read-only: the token is no session and changes nothing.
    expect((await call(`/articles/${a.id}`)).status).toBe(404);
    // Sent as a bearer token it is no API token either (decision 034): refused as such.
    expect((await call(`/articles/${other.id}`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    expect((await call(`/previews/view/${token}`, { method: 'PUT', body: { title: 'x' } })).status).toBe(405);
  });

  it('expires, is revoked, and a made-up token opens nothing', async () => {
    const { editor, a } = await draftWithGallery();
    const made = (
      await editor.call('/previews', { method: 'POST', body: { type: 'article', id: a.id, expiresInDays: 1 } })
    ).body.result;
    expect(Date.parse(made.expiresAt) - Date.parse(made.createdAt)).toBe(DAY);
    await db()
      .update(previewLinks)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(previewLinks.id, made.id));
    expect((await call(`/previews/view/${made.token}`)).status).toBe(404);
    const second = (await editor.call('/previews', { method: 'POST', body: { type: 'article', id: a.id } })).body
      .result;
    expect((await call(`/previews/view/${second.token}`)).status).toBe(200);
    const stranger = await asRole('CLIENT');
    const refused = await stranger.call(`/previews/${second.id}`, { method: 'DELETE' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    const revoked = await editor.call(`/previews/${second.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.result.revokedAt).not.toBeNull();
    expect((await call(`/previews/view/${second.token}`)).status).toBe(404);
    expect((await call(`/previews/view/${'A'.repeat(43)}`)).status).toBe(404);
    const links = (await editor.call(`/previews/of/article/${a.id}`)).body.result;
    expect(links).toHaveLength(2);
    expect(links.every((l: { token?: string }) => l.token === undefined)).toBe(true);
    // Someone else's draft does not exist for them.
    expect((await stranger.call(`/previews/of/article/${a.id}`)).status).toBe(404);
    expect((await stranger.call('/previews', { method: 'POST', body: { type: 'article', id: a.id } })).status).toBe(
      404,
    );
  });
});
