// Article and channel query functions on their own, against the migrated D1 of this file.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleMedia, articles, channels, slugs } from '#schema/tables';
import type { SessionUser } from '#schema/entities';
import { toArticle, toMedia, type ArticleRow, type MediaRow } from '#worker/queries/article-mappers';
import { addMedia, removeMediaAt, setMediaKind } from '#worker/queries/article-media';
import { getArticle, removeFromOrdinals } from '#worker/queries/articles';
import { deleteArticle } from '#worker/queries/article-writes';
import { listChannelArticles } from '#worker/queries/channels';
import { claimSlug, insertWithUniqueSlug } from '#worker/queries/slugs';
import { createUser, db } from './helpers';
import { createArticle, createChannel, grantAccess } from './content-factories';
import { systemScope } from '#worker/services/audit';

const viewerOf = async (role: SessionUser['role']): Promise<SessionUser> => {
  const u = await createUser({ role });
  return { id: u.id, name: u.name, role };
};
const rowOf = async (id: string) => (await db().select().from(articles).where(eq(articles.id, id)).get())!;
const titles = async (articleId: string) =>
  (
    await db()
      .select()
      .from(articleMedia)
      .where(eq(articleMedia.articleId, articleId))
      .orderBy(asc(articleMedia.ordinal))
      .all()
  ).map((m) => `${m.ordinal}:${m.title}`);

const mediaRow = (ordinal: number, over: Partial<MediaRow> = {}): MediaRow => ({
  id: crypto.randomUUID(),
  articleId: crypto.randomUUID(),
  ordinal,
  kind: 'image',
  title: `t${ordinal}`,
  blobKey: `image/${ordinal}`,
  thumbnailMillis: null,
  thumbnailKey: null,
  ...over,
});

describe('mappers', () => {
  it('toMedia sorts by ordinal and builds hrefs; no kind is null', () => {
    expect(toMedia(null, [mediaRow(0)])).toBeNull();
    expect(toMedia('gallery', [mediaRow(1), mediaRow(0)])).toEqual({
      kind: 'gallery',
      images: [
        expect.objectContaining({ ordinal: 0, href: '/api/files/image/0' }),
        expect.objectContaining({ ordinal: 1, href: '/api/files/image/1' }),
      ],
    });
    const v = toMedia('video', [
      mediaRow(0, { kind: 'video', blobKey: 'video/a', thumbnailMillis: 12, thumbnailKey: 'image/t' }),
    ]);
    expect(v).toEqual({
      kind: 'video',
      videos: [
        expect.objectContaining({
          href: '/api/files/video/a',
          thumbnailMillis: 12,
          thumbnailHref: '/api/files/image/t',
        }),
      ],
    });
  });

  const noContext = { channel: null, author: null, categories: [] };
  it('toArticle withholds description and media when locked', async () => {
    const a = await createArticle({ description: 'secret', media: { kind: 'gallery', images: [{ key: 'image/x' }] } });
    const row: ArticleRow = await rowOf(a.id);
    const media = [mediaRow(0)];
    expect(toArticle(row, { categoryIds: [], media, locked: true, ...noContext })).toMatchObject({
      description: '',
      media: null,
      locked: true,
    });
    expect(toArticle(row, { categoryIds: [], media, locked: false, ...noContext })).toMatchObject({
      description: 'secret',
      media: { kind: 'gallery' },
      locked: false,
    });
  });
});

describe('reads', () => {
  it('getArticle applies visibility and the lock', async () => {
    const owner = await viewerOf('CLIENT');
    const draft = await createArticle({ userId: owner.id, published: false });
    await expect(getArticle(db(), null, draft.id)).rejects.toMatchObject({ status: 404, message: 'Article not found' });
    expect((await getArticle(db(), owner, draft.id)).id).toBe(draft.id);
    const restricted = await createArticle({ restricted: true });
    expect((await getArticle(db(), null, restricted.id)).locked).toBe(true);
    const reader = await viewerOf('REGULAR_USER');
    await grantAccess(reader.id, restricted.id, 'article');
    expect((await getArticle(db(), reader, restricted.id)).locked).toBe(false);
  });

  it('listChannelArticles: 404 for an unknown channel', async () => {
    await expect(listChannelArticles(db(), null, crypto.randomUUID(), { limit: 10 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('listChannelArticles orders in SQL: main ordinals first (an id listed twice at its first place), then newest first, page by page', async () => {
    const ch = await createChannel();
    const t = Date.now();
    const [a, b, c, d, e] = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => createArticle({ channelId: ch.id, createdAt: t - 10_000 + n * 1000 })),
    );
    // d and e share a time: the id breaks the tie, ascending.
    await db().update(articles).set({ createdAt: t }).where(eq(articles.id, e!.id));
    await db().update(articles).set({ createdAt: t }).where(eq(articles.id, d!.id));
    await db()
      .update(channels)
      .set({ articleOrdinals: { main: [c!.id, crypto.randomUUID(), a!.id, c!.id], other: [b!.id] } })
      .where(eq(channels.id, ch.id));
    const [first, second] = [d!.id, e!.id].sort();
    const all = await listChannelArticles(db(), null, ch.id, { limit: 100 });
    expect(all).toEqual({ items: expect.any(Array), nextCursor: null });
    expect(all.items.map((x) => x.id)).toEqual([c!.id, a!.id, first, second, b!.id]);
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await listChannelArticles(db(), null, ch.id, { cursor, limit: 2 });
      pages.push(page.items.map((x) => x.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual([[c!.id, a!.id], [first, second], [b!.id]]);
    // A channel without main ordinals lists newest first.
    await db().update(channels).set({ articleOrdinals: {} }).where(eq(channels.id, ch.id));
    expect((await listChannelArticles(db(), null, ch.id, { limit: 100 })).items.map((x) => x.id)).toEqual([
      first,
      second,
      c!.id,
      b!.id,
      a!.id,
    ]);
  });
});

describe('media writes keep ordinals dense', () => {
  it('addMedia inserts at a position and at the end; removeMediaAt closes the gap', async () => {
    const a = await createArticle({
      media: {
        kind: 'gallery',
        images: [
          { key: 'image/a', title: 'a' },
          { key: 'image/b', title: 'b' },
        ],
      },
    });
    await addMedia(
      db(),
      await rowOf(a.id),
      [
        { kind: 'image', title: 'x', key: 'image/x' },
        { kind: 'image', title: 'y', key: 'image/y' },
      ],
      1,
      systemScope(),
    );
    expect(await titles(a.id)).toEqual(['0:a', '1:x', '2:y', '3:b']);
    await addMedia(db(), await rowOf(a.id), [{ kind: 'image', title: 'z', key: 'image/z' }], undefined, systemScope());
    expect(await titles(a.id)).toEqual(['0:a', '1:x', '2:y', '3:b', '4:z']);
    expect(await removeMediaAt(db(), await rowOf(a.id), 1, systemScope())).toEqual(['image/x']);
    expect(await titles(a.id)).toEqual(['0:a', '1:y', '2:b', '3:z']);
    await expect(
      addMedia(db(), await rowOf(a.id), [{ kind: 'image', title: 'far', key: 'image/f' }], 9, systemScope()),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      addMedia(
        db(),
        await rowOf(a.id),
        [{ kind: 'video', title: 'v', key: 'video/v', thumbnailMillis: 0, thumbnailKey: null }],
        undefined,
        systemScope(),
      ),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('setMediaKind: same kind keeps entries, another kind returns every file key', async () => {
    const a = await createArticle({ media: { kind: 'video', videos: [{ key: 'video/a', thumbnailKey: 'image/ta' }] } });
    expect(await setMediaKind(db(), await rowOf(a.id), 'video', systemScope())).toEqual([]);
    expect(await setMediaKind(db(), await rowOf(a.id), 'gallery', systemScope())).toEqual(['video/a', 'image/ta']);
    expect((await rowOf(a.id)).mediaKind).toBe('gallery');
    expect(await titles(a.id)).toEqual([]);
  });
});

describe('ordinals and slugs', () => {
  it('removeFromOrdinals removes ids from every list of every channel, keeping order and other channels', async () => {
    const [x, y, z] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const one = await createChannel({ articleOrdinals: { main: [x, y, z], side: [y], empty: [] } });
    const two = await createChannel({ articleOrdinals: { main: [z, x] } });
    const untouched = await createChannel({ articleOrdinals: { main: [x] } });
    await db().batch([removeFromOrdinals(db(), [y, z])]);
    const ordinals = async (id: string) =>
      (await db().select().from(channels).where(eq(channels.id, id)).get())?.articleOrdinals;
    expect(await ordinals(one.id)).toEqual({ main: [x], side: [], empty: [] });
    expect(await ordinals(two.id)).toEqual({ main: [x] });
    expect(await ordinals(untouched.id)).toEqual({ main: [x] });
  });

  it('claimSlug takes the first free slug among base, base-2, ... inside the insert', async () => {
    const base = `claim-${crypto.randomUUID().slice(0, 8)}`;
    const claim = async () => (await db().batch([claimSlug(db(), base, crypto.randomUUID(), 'article')]))[0][0]?.slug;
    expect(await claim()).toBe(base);
    expect(await claim()).toBe(`${base}-2`);
    await db()
      .insert(slugs)
      .values({ slug: `${base}-4`, entityId: crypto.randomUUID(), entityKind: 'article' });
    expect(await claim()).toBe(`${base}-3`);
    expect(await claim()).toBe(`${base}-5`);
    // A longer slug that merely starts with the base takes no candidate away.
    await db()
      .insert(slugs)
      .values({ slug: `${base}-extra`, entityId: crypto.randomUUID(), entityKind: 'article' });
    expect(await claim()).toBe(`${base}-6`);
  });

  it('insertWithUniqueSlug gives the entity row the slug it claimed, in one batch', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const id = crypto.randomUUID();
    const taken = await createArticle({ slug: 'same-title' });
    const slug = await insertWithUniqueSlug(db(), { text: 'Same Title', id, kind: 'article' }, (claimed) => [
      db().insert(articles).values({ id, slug: claimed, title: 'Same Title', userId: owner.id }),
    ]);
    expect(slug).toBe('same-title-2');
    expect((await rowOf(id)).slug).toBe('same-title-2');
    expect(taken.slug).toBe('same-title');
  });

  it('deleteArticle returns its slugs and every file key it used', async () => {
    const a = await createArticle({
      thumbnailKey: 'image/th',
      media: { kind: 'video', videos: [{ key: 'video/v', thumbnailKey: 'image/vt' }] },
    });
    const result = await deleteArticle(db(), await rowOf(a.id), systemScope());
    expect(result).toEqual({ slugs: [a.slug], fileKeys: ['image/th', 'video/v', 'image/vt'] });
    expect(await db().select().from(articles).where(eq(articles.id, a.id)).get()).toBeUndefined();
  });
});
