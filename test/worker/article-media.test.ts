// Article media through the real fetch handler: kind, gallery images, videos, ordinals, and /articleMedia edits.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { article as articleSchema } from '#schema/entities';
import { articles } from '#schema/tables';
import { articleWithAddedImages } from '#schema/workspace';
import { call, db } from './helpers';
import { asRole, createArticle } from './content-factories';
import { multipartBody, pngFile, webmFile } from './upload-fixtures';
import { keyOf, stored, gallery, videoArticle, titlesOf, ordinalsOf, storedOrdinals } from './article-media-kit';

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
