// No lost work (decision 029): saves carry their version (409 on a stale one, nothing written), every save of an
// article, channel or news item keeps a revision (listed, read, restored as a new one, retention bounded), and
// shareable preview links (scoped, expiring, revocable, noindex, read-only, nothing else opens).
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channel as channelSchema } from '#schema/entities';
import { articleCategories, articles, blobs, channelCategories, channels, news } from '#schema/tables';
import { updateArticle } from '#worker/queries/article-writes';
import { updateChannel } from '#worker/queries/channel-writes';
import { updateNews } from '#worker/queries/news';
import { call, db } from './helpers';
import { asRole, createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { multipartBody, pngFile } from './upload-fixtures';
import { systemScope } from '#worker/services/audit';
import { doc, revisionCount } from './no-lost-work-kit';

describe('conflicts', () => {
  it('a save naming an older version is 409 and writes nothing; the current version saves', async () => {
    const editor = await asRole('CLIENT');
    const cat = await createCategory();
    const a = await createArticle({ userId: editor.user.id, title: 'Start' });
    const first = await editor.call(`/articles/${a.id}`, { method: 'PUT', body: { version: 1, title: 'First' } });
    expect(first.status).toBe(200);
    expect(first.body.result.version).toBe(2);
    const before = await db().select().from(articles).where(eq(articles.id, a.id)).get();
    const stale = await editor.call(`/articles/${a.id}`, {
      method: 'PUT',
      body: { version: 1, title: 'Second', body: doc('lost'), categoryIds: [cat.id] },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    const after = await db().select().from(articles).where(eq(articles.id, a.id)).get();
    expect(after).toEqual(before);
    expect(await db().select().from(articleCategories).where(eq(articleCategories.articleId, a.id)).all()).toEqual([]);
    expect(await revisionCount(a.id)).toBe(1);
    // If-Match says the same as the body's version.
    const viaHeader = await editor.call(`/articles/${a.id}`, {
      method: 'PUT',
      body: { title: 'Third' },
      headers: { 'If-Match': '"1"' },
    });
    expect(viaHeader.status).toBe(409);
    const current = await editor.call(`/articles/${a.id}`, {
      method: 'PUT',
      body: { title: 'Third' },
      headers: { 'If-Match': '"2"' },
    });
    expect(current.status).toBe(200);
    expect(current.body.result.version).toBe(3);
  });

  it('a save that loses the race after its check still writes nothing (one batch)', async () => {
    const editor = await asRole('CLIENT');
    const cat = await createCategory();
    const a = await createArticle({ userId: editor.user.id });
    const row = (await db().select().from(articles).where(eq(articles.id, a.id)).get())!;
    // Another save lands between the read and the write.
    await updateArticle(db(), row, { title: 'Winner' }, editor.user.id, systemScope());
    await expect(
      updateArticle(db(), row, { title: 'Loser', categoryIds: [cat.id] }, editor.user.id, systemScope()),
    ).rejects.toThrow(/changed by someone else/);
    const after = (await db().select().from(articles).where(eq(articles.id, a.id)).get())!;
    expect(after.title).toBe('Winner');
    expect(after.version).toBe(2);
    expect(await db().select().from(articleCategories).where(eq(articleCategories.articleId, a.id)).all()).toEqual([]);
    expect(await revisionCount(a.id)).toBe(1);
  });

  it('channels and news items answer 409 on a stale version too', async () => {
    const editor = await asRole('CLIENT');
    const ch = await createChannel({ userId: editor.user.id });
    expect((await editor.call(`/channels/${ch.id}`, { method: 'PUT', body: { version: 1, name: 'A' } })).status).toBe(
      200,
    );
    expect((await editor.call(`/channels/${ch.id}`, { method: 'PUT', body: { version: 1, name: 'B' } })).status).toBe(
      409,
    );
    expect((await db().select().from(channels).where(eq(channels.id, ch.id)).get())!.name).toBe('A');
    const a = await createArticle({ userId: editor.user.id });
    const item = await createNewsItem({ refKind: 'article', refId: a.id, userId: editor.user.id });
    expect((await editor.call(`/news/${item.id}`, { method: 'PUT', body: { version: 1, title: 'A' } })).status).toBe(
      200,
    );
    expect((await editor.call(`/news/${item.id}`, { method: 'PUT', body: { version: 1, title: 'B' } })).status).toBe(
      409,
    );
    expect((await db().select().from(news).where(eq(news.id, item.id)).get())!.title).toBe('A');
  });

  it('a channel answers its version with its fields, as an article does: a form starts from both at once', async () => {
    const editor = await asRole('CLIENT');
    const ch = await createChannel({ userId: editor.user.id });
    const read = await editor.call(`/channels/${ch.id}`);
    expect(channelSchema.parse(read.body.result).version).toBe(1);
    const saved = await editor.call(`/channels/${ch.id}`, { method: 'PUT', body: { version: 1, name: 'Renamed' } });
    expect(channelSchema.parse(saved.body.result)).toMatchObject({ name: 'Renamed', version: 2 });
    expect((await editor.call(`/channels/${ch.id}`)).body.result.version).toBe(2);
    // A visitor reads it too (articles answer theirs to anyone); the summaries of lists carry none.
    await db().update(channels).set({ published: true }).where(eq(channels.id, ch.id));
    expect((await call(`/channels/${ch.id}`)).body.result.version).toBe(2);
    expect((await call(`/channels/${ch.id}/summary`)).body.result).not.toHaveProperty('version');
    // The API's contract stays: a save naming no version (nor If-Match) is not checked.
    const unchecked = await editor.call(`/channels/${ch.id}`, { method: 'PUT', body: { name: 'Unchecked' } });
    expect(unchecked.body.result).toMatchObject({ name: 'Unchecked', version: 3 });
  });
});

describe('conflicts of channels and news items', () => {
  const rowsOf = async (id: string) => ({
    channel: await db().select().from(channels).where(eq(channels.id, id)).get(),
    news: await db().select().from(news).where(eq(news.id, id)).get(),
    categories: await db().select().from(channelCategories).where(eq(channelCategories.channelId, id)).all(),
    revisions: await revisionCount(id),
  });

  it('a stale channel save with new pictures and categories writes nothing: row, categories, revisions, files', async () => {
    const editor = await asRole('CLIENT');
    const [kept, other] = [await createCategory(), await createCategory()];
    const ch = await createChannel({ userId: editor.user.id });
    const first = await editor.call(`/channels/${ch.id}`, {
      method: 'PUT',
      body: { version: 1, name: 'First', categoryIds: [kept.id] },
    });
    expect(first.status).toBe(200);
    const before = await rowsOf(ch.id);
    const blobsBefore = await db().select().from(blobs).all();
    const stale = await editor.call(`/channels/${ch.id}`, {
      method: 'PUT',
      body: multipartBody(
        { version: 1, name: 'Lost', infoText: 'lost', categoryIds: [other.id], portraitFileTag: 'p' },
        { p: pngFile('portrait.png') },
      ),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect(await rowsOf(ch.id)).toEqual(before);
    expect(await db().select().from(blobs).all()).toEqual(blobsBefore);
    expect((await env.FILES.list()).objects.map((o) => o.key).sort()).toEqual(blobsBefore.map((b) => b.key).sort());
    // If-Match says the same; the current version saves.
    const viaHeader = await editor.call(`/channels/${ch.id}`, {
      method: 'PUT',
      body: { name: 'Lost' },
      headers: { 'If-Match': '"1"' },
    });
    expect(viaHeader.status).toBe(409);
    expect(
      (await editor.call(`/channels/${ch.id}`, { method: 'PUT', body: { version: 2, name: 'Second' } })).status,
    ).toBe(200);
  });

  it('a stale news save with a new thumbnail writes nothing', async () => {
    const editor = await asRole('CLIENT');
    const a = await createArticle({ userId: editor.user.id });
    const item = await createNewsItem({ refKind: 'article', refId: a.id, userId: editor.user.id });
    expect(
      (await editor.call(`/news/${item.id}`, { method: 'PUT', body: { version: 1, teaser: 'First' } })).status,
    ).toBe(200);
    const before = await rowsOf(item.id);
    const blobsBefore = await db().select().from(blobs).all();
    const stale = await editor.call(`/news/${item.id}`, {
      method: 'PUT',
      body: multipartBody(
        { version: 1, title: 'Lost', description: 'lost', thumbnailFileTag: 't' },
        { t: pngFile('thumb.png') },
      ),
    });
    expect(stale.status).toBe(409);
    expect(await rowsOf(item.id)).toEqual(before);
    expect(await db().select().from(blobs).all()).toEqual(blobsBefore);
    expect(
      (
        await editor.call(`/news/${item.id}`, {
          method: 'PUT',
          body: { title: 'Lost' },
          headers: { 'If-Match': '"1"' },
        })
      ).status,
    ).toBe(409);
  });

  it('a channel or news save that loses the race after its check still writes nothing (one batch)', async () => {
    const editor = await asRole('CLIENT');
    const cat = await createCategory();
    const ch = await createChannel({ userId: editor.user.id });
    const channelRow = (await db().select().from(channels).where(eq(channels.id, ch.id)).get())!;
    await updateChannel(db(), channelRow, { name: 'Winner' }, editor.user.id, systemScope());
    await expect(
      updateChannel(db(), channelRow, { name: 'Loser', categoryIds: [cat.id] }, editor.user.id, systemScope()),
    ).rejects.toThrow(/changed by someone else/);
    const channelAfter = await rowsOf(ch.id);
    expect(channelAfter.channel).toMatchObject({ name: 'Winner', version: 2 });
    expect(channelAfter.categories).toEqual([]);
    expect(channelAfter.revisions).toBe(1);

    const a = await createArticle({ userId: editor.user.id });
    const item = await createNewsItem({ refKind: 'article', refId: a.id, userId: editor.user.id });
    const newsRow = (await db().select().from(news).where(eq(news.id, item.id)).get())!;
    await updateNews(db(), editor.user, newsRow, { title: 'Winner' }, systemScope());
    await expect(updateNews(db(), editor.user, newsRow, { title: 'Loser' }, systemScope())).rejects.toThrow(
      /changed by someone else/,
    );
    const newsAfter = await rowsOf(item.id);
    expect(newsAfter.news).toMatchObject({ title: 'Winner', version: 2 });
    expect(newsAfter.revisions).toBe(1);
  });
});
