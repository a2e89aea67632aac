// Article media through the real fetch handler: kind, gallery images, videos, ordinals, and /articleMedia edits.
import { env } from 'cloudflare:workers';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { article as articleSchema, type Article } from '#schema/entities';
import { articleMedia, articles } from '#schema/tables';
import { articleWithAddedImages } from '#schema/workspace';
import { call, db } from './helpers';
import { asRole, createArticle } from './content-factories';
import { mp4File, multipartBody, pngFile, webmFile } from './upload-fixtures';

const keyOf = (href: string) => href.replace(/^\/api\/files\//, '');
const stored = async (href: string) => (await env.FILES.get(keyOf(href))) !== null;

type Owner = Awaited<ReturnType<typeof asRole>>;

/** A gallery article of the owner with images titled as given, uploaded through the route. */
async function gallery(owner: Owner, titles: string[]): Promise<Article> {
  const files = Object.fromEntries(titles.map((t) => [t, pngFile(`${t}.png`)]));
  const res = await owner.call('/articles', {
    method: 'POST',
    body: multipartBody(
      {
        title: 'Gallery',
        type: 'gallery',
        channelId: null,
        media: { kind: 'gallery', images: titles.map((t) => ({ imageFileTag: t, title: t })) },
      },
      files,
    ),
  });
  expect(res.status).toBe(201);
  // Published, so that other users can see it (and be refused changing it).
  await db().update(articles).set({ published: true }).where(eq(articles.id, res.body.result.id));
  return articleSchema.parse({ ...res.body.result, published: true });
}

async function videoArticle(owner: Owner, titles: string[]): Promise<Article> {
  const files = Object.fromEntries(titles.map((t) => [t, mp4File(`${t}.mp4`)]));
  const res = await owner.call('/articles', {
    method: 'POST',
    body: multipartBody(
      {
        title: 'Videos',
        type: 'video',
        channelId: null,
        media: { kind: 'video', videos: titles.map((t) => ({ videoFileTag: t, title: t })) },
      },
      files,
    ),
  });
  expect(res.status).toBe(201);
  // Published, so that other users can see it (and be refused changing it).
  await db().update(articles).set({ published: true }).where(eq(articles.id, res.body.result.id));
  return articleSchema.parse({ ...res.body.result, published: true });
}

const titlesOf = (a: Article) =>
  (a.media?.kind === 'gallery' ? a.media.images : a.media?.kind === 'video' ? a.media.videos : []).map((m) => m.title);
const ordinalsOf = (a: Article) =>
  (a.media?.kind === 'gallery' ? a.media.images : a.media?.kind === 'video' ? a.media.videos : []).map(
    (m) => m.ordinal,
  );
const storedOrdinals = async (articleId: string) =>
  (
    await db()
      .select({ o: articleMedia.ordinal })
      .from(articleMedia)
      .where(eq(articleMedia.articleId, articleId))
      .orderBy(asc(articleMedia.ordinal))
      .all()
  ).map((r) => r.o);

describe('PUT and DELETE /articles/{id}/media (kind)', () => {
  it('sets the kind; the same kind keeps the entries, another kind removes them and their files', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a', 'b']);
    const same = await owner.call(`/articles/${a.id}/media`, { method: 'PUT', body: { kind: 'gallery' } });
    expect(titlesOf(same.body.result)).toEqual(['a', 'b']);
    const hrefs = a.media?.kind === 'gallery' ? a.media.images.map((i) => i.href) : [];
    const switched = await owner.call(`/articles/${a.id}/media`, { method: 'PUT', body: { kind: 'video' } });
    expect(switched.status).toBe(200);
    expect(switched.body.result.media).toEqual({ kind: 'video', videos: [] });
    for (const h of hrefs) expect(await stored(h)).toBe(false);
    expect((await owner.call(`/articles/${a.id}/media`, { method: 'PUT', body: { kind: 'text' } })).status).toBe(400);
  });

  it('removes all media and its files', async () => {
    const owner = await asRole('CONTRIBUTOR');
    const a = await videoArticle(owner, ['v']);
    const href = a.media?.kind === 'video' ? a.media.videos[0]!.href : '';
    const res = await owner.call(`/articles/${a.id}/media`, { method: 'DELETE' });
    expect(res.body.result.media).toBeNull();
    expect(await stored(href)).toBe(false);
    expect((await db().select().from(articles).where(eq(articles.id, a.id)).get())?.mediaKind).toBeNull();
  });
});

describe('gallery images', () => {
  it('appends images after the existing ones, with dense ordinals', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a']);
    const res = await owner.call(`/articles/${a.id}/media/images`, {
      method: 'POST',
      body: multipartBody(
        {
          images: [
            { imageFileTag: 'x', title: 'b' },
            { imageFileTag: 'y', title: 'c' },
          ],
        },
        { x: pngFile(), y: pngFile() },
      ),
    });
    expect(res.status).toBe(201);
    expect(titlesOf(res.body.result)).toEqual(['a', 'b', 'c']);
    expect(ordinalsOf(res.body.result)).toEqual([0, 1, 2]);
  });

  it('names the entries it created in the order sent: two pictures of one title each end in the text as its own', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['Quay']);
    // Two files of one name and title in one save (the same picture's crop, say): only the answer tells them apart.
    const narrow = pngFile('harbour.png', 2, 1);
    const wide = pngFile('harbour.png', 3, 1);
    const res = await owner.call(`/articles/${a.id}/media/images`, {
      method: 'POST',
      body: multipartBody(
        {
          images: [
            { imageFileTag: 'wide', title: 'Harbour' },
            { imageFileTag: 'narrow', title: 'Harbour' },
          ],
        },
        { narrow, wide },
      ),
    });
    expect(res.status).toBe(201);
    const answer = articleWithAddedImages.parse(res.body.result);
    expect(answer.added.map((x) => x.imageFileTag)).toEqual(['wide', 'narrow']);
    const [wideId, narrowId] = answer.added.map((x) => x.id);
    expect(new Set([wideId, narrowId]).size).toBe(2);

    // The text places each by the id the answer gave it, in the other order.
    const figure = (mediaId: string | undefined, alt: string) => ({ type: 'image', mediaId, alt });
    const body = { version: 1, children: [figure(narrowId, 'narrow'), figure(wideId, 'wide')] };
    const saved = await owner.call(`/articles/${a.id}`, { method: 'PUT', body: { body } });
    expect(saved.status).toBe(200);
    const raw = (await owner.call(`/articles/${a.id}`)).body.result;
    const read = articleSchema.parse(raw);
    const images = read.media?.kind === 'gallery' ? read.media.images : [];
    for (const [node, file] of [
      [read.body.children[0], narrow],
      [read.body.children[1], wide],
    ] as const) {
      const placed = images.find((i) => node?.type === 'image' && i.id === node.mediaId)!;
      const bytes = new Uint8Array(await (await env.FILES.get(keyOf(placed.href)))!.arrayBuffer());
      expect(bytes).toEqual(new Uint8Array(await file.arrayBuffer()));
    }
    // The article itself reads as before: `added` belongs to this answer only.
    expect(raw).not.toHaveProperty('added');
  });

  it('gives an article without media the gallery kind on its first image', async () => {
    const owner = await asRole('CLIENT');
    const a = await createArticle({ userId: owner.user.id });
    const res = await owner.call(`/articles/${a.id}/media/images`, {
      method: 'POST',
      body: multipartBody({ images: [{ imageFileTag: 'x', title: 'first' }] }, { x: pngFile() }),
    });
    expect(res.body.result.media).toMatchObject({ kind: 'gallery', images: [{ ordinal: 0, title: 'first' }] });
  });

  it('refuses images on a video article (409), videos as images (400), and keeps nothing', async () => {
    const owner = await asRole('CLIENT');
    const v = await videoArticle(owner, ['v']);
    const conflict = await owner.call(`/articles/${v.id}/media/images`, {
      method: 'POST',
      body: multipartBody({ images: [{ imageFileTag: 'x' }] }, { x: pngFile() }),
    });
    expect(conflict.status).toBe(409);
    const g = await gallery(owner, ['a']);
    const wrongFile = await owner.call(`/articles/${g.id}/media/images`, {
      method: 'POST',
      body: multipartBody({ images: [{ imageFileTag: 'x' }] }, { x: webmFile() }),
    });
    expect(wrongFile.status).toBe(400);
    expect(await storedOrdinals(g.id)).toEqual([0]);
    expect(await storedOrdinals(v.id)).toEqual([0]);
  });

  it('retitles an image, or replaces its file and deletes the old one', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a', 'b']);
    const oldHref = a.media?.kind === 'gallery' ? a.media.images[1]!.href : '';
    const retitled = await owner.call(`/articles/${a.id}/media/images/1`, { method: 'PUT', body: { title: 'B!' } });
    expect(titlesOf(retitled.body.result)).toEqual(['a', 'B!']);
    const replaced = await owner.call(`/articles/${a.id}/media/images/1`, {
      method: 'PUT',
      body: multipartBody({ imageFileTag: 'n' }, { n: pngFile() }),
    });
    const newHref = replaced.body.result.media.images[1].href;
    expect(newHref).not.toBe(oldHref);
    expect(await stored(newHref)).toBe(true);
    expect(await stored(oldHref)).toBe(false);
    expect(titlesOf(replaced.body.result)).toEqual(['a', 'B!']);
  });

  it('answers 404 for an ordinal out of range and 409 for images/{n} on a video', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a']);
    expect((await owner.call(`/articles/${a.id}/media/images/1`, { method: 'PUT', body: { title: 'x' } })).status).toBe(
      404,
    );
    expect((await owner.call(`/articles/${a.id}/media/5`, { method: 'DELETE' })).status).toBe(404);
    expect((await owner.call(`/articles/${a.id}/media/-1`, { method: 'DELETE' })).status).toBe(400);
    const v = await videoArticle(owner, ['v']);
    expect((await owner.call(`/articles/${v.id}/media/images/0`, { method: 'PUT', body: { title: 'x' } })).status).toBe(
      409,
    );
  });
});

describe('DELETE /articles/{id}/media/{ordinal}', () => {
  it('removes the first, a middle and the last entry, keeping ordinals dense and in order', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a', 'b', 'c', 'd', 'e']);
    const hrefs = a.media?.kind === 'gallery' ? a.media.images.map((i) => i.href) : [];
    let res = await owner.call(`/articles/${a.id}/media/2`, { method: 'DELETE' });
    expect(titlesOf(res.body.result)).toEqual(['a', 'b', 'd', 'e']);
    expect(await stored(hrefs[2]!)).toBe(false);
    expect(await stored(hrefs[3]!)).toBe(true);
    res = await owner.call(`/articles/${a.id}/media/0`, { method: 'DELETE' });
    expect(titlesOf(res.body.result)).toEqual(['b', 'd', 'e']);
    res = await owner.call(`/articles/${a.id}/media/2`, { method: 'DELETE' });
    expect(titlesOf(res.body.result)).toEqual(['b', 'd']);
    expect(ordinalsOf(res.body.result)).toEqual([0, 1]);
    expect(await storedOrdinals(a.id)).toEqual([0, 1]);
    await owner.call(`/articles/${a.id}/media/0`, { method: 'DELETE' });
    res = await owner.call(`/articles/${a.id}/media/0`, { method: 'DELETE' });
    expect(res.body.result.media).toEqual({ kind: 'gallery', images: [] });
    expect((await owner.call(`/articles/${a.id}/media/0`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('videos', () => {
  it('adds a video at the end, at the front and in the middle; ordinals stay dense', async () => {
    const owner = await asRole('CLIENT');
    const a = await videoArticle(owner, ['one', 'two']);
    const add = (body: object, files: Record<string, File>) =>
      owner.call(`/articles/${a.id}/media/video`, { method: 'POST', body: multipartBody(body, files) });
    let res = await add(
      { videoFileTag: 'v', title: 'end', thumbnailMillis: 250, thumbnailFileTag: 't' },
      { v: webmFile(), t: pngFile() },
    );
    expect(res.status).toBe(201);
    expect(titlesOf(res.body.result)).toEqual(['one', 'two', 'end']);
    expect(res.body.result.media.videos[2]).toMatchObject({
      thumbnailMillis: 250,
      thumbnailHref: expect.stringMatching(/^\/api\/files\//),
    });
    res = await add({ videoFileTag: 'v', title: 'front', ordinal: 0 }, { v: mp4File() });
    expect(titlesOf(res.body.result)).toEqual(['front', 'one', 'two', 'end']);
    res = await add({ videoFileTag: 'v', title: 'middle', ordinal: 2 }, { v: mp4File() });
    expect(titlesOf(res.body.result)).toEqual(['front', 'one', 'middle', 'two', 'end']);
    res = await add({ videoFileTag: 'v', title: 'last', ordinal: 5 }, { v: mp4File() });
    expect(titlesOf(res.body.result)).toEqual(['front', 'one', 'middle', 'two', 'end', 'last']);
    expect(await storedOrdinals(a.id)).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await add({ videoFileTag: 'v', title: 'far', ordinal: 7 }, { v: mp4File() })).status).toBe(404);
    expect(await storedOrdinals(a.id)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('refuses an image as the video file and a video on a gallery', async () => {
    const owner = await asRole('CLIENT');
    const v = await videoArticle(owner, ['one']);
    expect(
      (
        await owner.call(`/articles/${v.id}/media/video`, {
          method: 'POST',
          body: multipartBody({ videoFileTag: 'v' }, { v: pngFile() }),
        })
      ).status,
    ).toBe(400);
    const g = await gallery(owner, ['a']);
    expect(
      (
        await owner.call(`/articles/${g.id}/media/video`, {
          method: 'POST',
          body: multipartBody({ videoFileTag: 'v' }, { v: mp4File() }),
        })
      ).status,
    ).toBe(409);
  });

  it('updates a video: title, thumbnail time, video file and thumbnail file (old files deleted)', async () => {
    const owner = await asRole('CLIENT');
    const a = await videoArticle(owner, ['one', 'two']);
    const oldVideo = a.media?.kind === 'video' ? a.media.videos[1]!.href : '';
    const res = await owner.call(`/articles/${a.id}/media/video/1`, {
      method: 'PUT',
      body: multipartBody(
        { title: 'TWO', thumbnailMillis: 900, videoFileTag: 'v', thumbnailFileTag: 't' },
        { v: mp4File(), t: pngFile() },
      ),
    });
    expect(res.status).toBe(200);
    const video = res.body.result.media.videos[1];
    expect(video).toMatchObject({ title: 'TWO', thumbnailMillis: 900, ordinal: 1 });
    expect(video.href).not.toBe(oldVideo);
    expect(await stored(oldVideo)).toBe(false);
    const oldThumb = video.thumbnailHref;
    const again = await owner.call(`/articles/${a.id}/media/video/1`, {
      method: 'PUT',
      body: multipartBody({ thumbnailFileTag: 't' }, { t: pngFile() }),
    });
    expect(again.body.result.media.videos[1].thumbnailHref).not.toBe(oldThumb);
    expect(await stored(oldThumb)).toBe(false);
    expect((await owner.call(`/articles/${a.id}/media/video/2`, { method: 'PUT', body: { title: 'x' } })).status).toBe(
      404,
    );
  });
});

describe('who may change media', () => {
  it('owner and ADMIN may; another editor gets 403, a reader 403, anonymous 401, an invisible article 404', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a']);
    const draftOfOther = await createArticle({
      published: false,
      media: { kind: 'gallery', images: [{ key: 'image/x' }] },
    });
    const other = await asRole('CONTRIBUTOR');
    const reader = await asRole('REGULAR_USER');
    const admin = await asRole('ADMIN');
    const calls: [string, string, object | undefined][] = [
      ['PUT', `/articles/${a.id}/media`, { kind: 'video' }],
      ['DELETE', `/articles/${a.id}/media`, undefined],
      ['DELETE', `/articles/${a.id}/media/0`, undefined],
      ['PUT', `/articles/${a.id}/media/images/0`, { title: 'x' }],
      ['PUT', `/articleMedia/${a.id}/media/x`, undefined],
    ];
    for (const [method, path, body] of calls) {
      expect((await other.call(path, { method, body })).status, `${method} ${path}`).toBe(403);
      expect((await reader.call(path, { method, body })).status, `${method} ${path}`).toBe(403);
      expect((await call(path, { method, body })).status, `${method} ${path}`).toBe(401);
    }
    expect((await other.call(`/articles/${draftOfOther.id}/media/0`, { method: 'DELETE' })).status).toBe(404);
    expect(
      (await admin.call(`/articles/${a.id}/media/images/0`, { method: 'PUT', body: { title: 'by admin' } })).body.result
        .media.images[0].title,
    ).toBe('by admin');
    expect(await storedOrdinals(a.id)).toEqual([0]);
  });
});

describe('PUT /articleMedia/{id}/media/{title} and /video/{millis}', () => {
  it('retitles the entry picked by ?ordinal (default 0), with the title decoded from the path', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a', 'b']);
    let res = await owner.call(`/articleMedia/${a.slug}/media/${encodeURIComponent('Café & more')}`, { method: 'PUT' });
    expect(res.status).toBe(200);
    expect(titlesOf(res.body.result)).toEqual(['Café & more', 'b']);
    res = await owner.call(`/articleMedia/${a.id}/media/second?ordinal=1`, { method: 'PUT' });
    expect(titlesOf(res.body.result)).toEqual(['Café & more', 'second']);
    expect((await owner.call(`/articleMedia/${a.id}/media/x?ordinal=2`, { method: 'PUT' })).status).toBe(404);
    expect((await owner.call(`/articleMedia/${a.id}/media/x?ordinal=-1`, { method: 'PUT' })).status).toBe(400);
  });

  it('sets a video thumbnail time; an image entry answers 409, bad millis 400', async () => {
    const owner = await asRole('CLIENT');
    const v = await videoArticle(owner, ['one', 'two']);
    const res = await owner.call(`/articleMedia/${v.id}/video/4200?ordinal=1`, { method: 'PUT' });
    expect(res.body.result.media.videos.map((x: { thumbnailMillis: number }) => x.thumbnailMillis)).toEqual([0, 4200]);
    expect((await owner.call(`/articleMedia/${v.id}/video/abc`, { method: 'PUT' })).status).toBe(400);
    const g = await gallery(owner, ['a']);
    expect((await owner.call(`/articleMedia/${g.id}/video/100`, { method: 'PUT' })).status).toBe(409);
  });
});

describe('moving an entry (body ordinal of PUT .../images/{n} and .../video/{n})', () => {
  it('moves an image forward, backward, to the ends and onto itself; ordinals stay dense', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a', 'b', 'c', 'd', 'e']);
    const move = (from: number, to: number) =>
      owner.call(`/articles/${a.id}/media/images/${from}`, { method: 'PUT', body: { ordinal: to } });
    let res = await move(1, 3);
    expect(res.status).toBe(200);
    expect(titlesOf(res.body.result)).toEqual(['a', 'c', 'd', 'b', 'e']);
    res = await move(4, 0);
    expect(titlesOf(res.body.result)).toEqual(['e', 'a', 'c', 'd', 'b']);
    res = await move(0, 4);
    expect(titlesOf(res.body.result)).toEqual(['a', 'c', 'd', 'b', 'e']);
    res = await move(3, 1);
    expect(titlesOf(res.body.result)).toEqual(['a', 'b', 'c', 'd', 'e']);
    res = await move(2, 2);
    expect(titlesOf(res.body.result)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ordinalsOf(res.body.result)).toEqual([0, 1, 2, 3, 4]);
    expect(await storedOrdinals(a.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the entry: its id and file move with it, and a title change in the same call applies', async () => {
    const owner = await asRole('CONTRIBUTOR');
    const a = await gallery(owner, ['a', 'b', 'c']);
    const before = a.media?.kind === 'gallery' ? a.media.images[0]! : null;
    const res = await owner.call(`/articles/${a.id}/media/images/0`, {
      method: 'PUT',
      body: { ordinal: 2, title: 'A!' },
    });
    expect(titlesOf(res.body.result)).toEqual(['b', 'c', 'A!']);
    expect(res.body.result.media.images[2]).toMatchObject({ id: before!.id, href: before!.href, ordinal: 2 });
  });

  it('moves a video, with its thumbnail time and thumbnail', async () => {
    const owner = await asRole('CLIENT');
    const a = await videoArticle(owner, ['one', 'two', 'three']);
    await owner.call(`/articles/${a.id}/media/video/2`, {
      method: 'PUT',
      body: multipartBody({ thumbnailMillis: 1500, thumbnailFileTag: 't' }, { t: pngFile() }),
    });
    const res = await owner.call(`/articles/${a.id}/media/video/2`, { method: 'PUT', body: { ordinal: 0 } });
    expect(res.status).toBe(200);
    expect(titlesOf(res.body.result)).toEqual(['three', 'one', 'two']);
    expect(res.body.result.media.videos[0]).toMatchObject({
      thumbnailMillis: 1500,
      thumbnailHref: expect.stringMatching(/^\/api\/files\//),
    });
    expect(await storedOrdinals(a.id)).toEqual([0, 1, 2]);
  });

  it('refuses a place beyond the last entry with 400 and changes nothing (never a silent 200)', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a', 'b']);
    const res = await owner.call(`/articles/${a.id}/media/images/0`, {
      method: 'PUT',
      body: { ordinal: 2, title: 'not applied' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/out of range/);
    const bad = await owner.call(`/articles/${a.id}/media/images/0`, { method: 'PUT', body: { ordinal: -1 } });
    expect(bad.status).toBe(400);
    const after = await owner.call(`/articles/${a.id}`);
    expect(titlesOf(after.body.result)).toEqual(['a', 'b']);
    expect(await storedOrdinals(a.id)).toEqual([0, 1]);
  });

  it('answers 409 and changes nothing when the entry is no longer where it was read', async () => {
    const owner = await asRole('CLIENT');
    const a = await gallery(owner, ['a', 'b', 'c']);
    // What a concurrent write does between the route's read and its batch: the entry at 0 moves away.
    const rows = await db()
      .select()
      .from(articleMedia)
      .where(eq(articleMedia.articleId, a.id))
      .orderBy(asc(articleMedia.ordinal))
      .all();
    const { moveMediaStatements } = await import('#worker/queries/article-media');
    const stale = moveMediaStatements(db(), a.id, rows[0]!.id, 1, 2);
    const results = await db().batch(stale as [(typeof stale)[0], ...typeof stale]);
    expect(results[0]).toEqual([]);
    expect(await storedOrdinals(a.id)).toEqual([0, 1, 2]);
    const titles = (
      await db()
        .select()
        .from(articleMedia)
        .where(eq(articleMedia.articleId, a.id))
        .orderBy(asc(articleMedia.ordinal))
        .all()
    ).map((r) => r.title);
    expect(titles).toEqual(['a', 'b', 'c']);
  });
});
