// Article media through the real fetch handler: kind, gallery images, videos, ordinals, and /articleMedia edits.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleMedia } from '#schema/tables';
import { db } from './helpers';
import { asRole } from './content-factories';
import { mp4File, multipartBody, pngFile, webmFile } from './upload-fixtures';
import { stored, gallery, videoArticle, titlesOf, ordinalsOf, storedOrdinals } from './article-media-kit';

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
