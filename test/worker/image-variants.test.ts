// Image variants: smaller copies sent as `variant:{tag}:{width}` parts after their original, stored beside it
// under a key derived from the original's, deleted with it, refused when out of place.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { variantKey } from '#worker/lib/files';
import { asRole, createArticle } from './content-factories';
import { BASE } from './helpers';
import { mp4File, pngFile } from './upload-fixtures';

const keyOf = (href: string) => href.replace(/^\/api\/files\//, '');
const exists = async (key: string) => (await env.FILES.head(key)) !== null;

/** A multipart body with parts in the order given (the SPA sends each original before its variants). */
function parts(body: unknown, files: [string, File][]): FormData {
  const form = new FormData();
  form.append('body', JSON.stringify(body));
  for (const [name, file] of files) form.append(name, file);
  return form;
}

describe('image variants', () => {
  it('are stored beside their original, and deleted with it', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id });
    const res = await owner.call(`/articles/${article.id}/media/images`, {
      method: 'POST',
      body: parts({ images: [{ imageFileTag: 'a', title: 'A' }] }, [
        ['blob:a', pngFile()],
        ['variant:a:480', pngFile('a-480.png')],
        ['variant:a:960', pngFile('a-960.png')],
      ]),
    });
    expect(res.status, res.body.message).toBe(201);
    const key = keyOf(res.body.result.media.images[0].href);
    expect(await exists(key)).toBe(true);
    expect(await exists(variantKey(key, 480))).toBe(true);
    expect(await exists(variantKey(key, 960))).toBe(true);
    expect(await exists(variantKey(key, 1920))).toBe(false);
    expect((await owner.call(`/articles/${article.id}/media/0`, { method: 'DELETE' })).status).toBe(200);
    for (const k of [key, variantKey(key, 480), variantKey(key, 960)]) expect(await exists(k), k).toBe(false);
  });

  it('go with an unused original, and with everything when the request fails', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id });
    const before = (await env.FILES.list({ prefix: 'image/' })).objects.length;
    // The thumbnail tag is never named in the body: it and its variant are removed after the write.
    const ok = await owner.call(`/articles/${article.id}`, {
      method: 'PUT',
      body: parts({ title: 'Renamed' }, [
        ['blob:spare', pngFile()],
        ['variant:spare:480', pngFile()],
      ]),
    });
    expect(ok.status).toBe(200);
    expect((await env.FILES.list({ prefix: 'image/' })).objects.length).toBe(before);
    const refused = await owner.call(`/articles/${crypto.randomUUID()}`, {
      method: 'PUT',
      body: parts({ thumbnailFileTag: 't' }, [
        ['blob:t', pngFile()],
        ['variant:t:960', pngFile()],
      ]),
    });
    expect(refused.status).toBe(404);
    expect((await env.FILES.list({ prefix: 'image/' })).objects.length).toBe(before);
  });

  it('refuse a variant before its original, of a video, that is no image, or of a width not offered', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id });
    const send = (files: [string, File][]) =>
      owner.call(`/articles/${article.id}`, { method: 'PUT', body: parts({ thumbnailFileTag: 'a' }, files) });
    const before = (await env.FILES.list()).objects.length;
    const early = await send([
      ['variant:a:480', pngFile()],
      ['blob:a', pngFile()],
    ]);
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/must follow its original/);
    expect(
      (
        await send([
          ['blob:a', mp4File()],
          ['variant:a:480', pngFile()],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await send([
          ['blob:a', pngFile()],
          ['variant:a:480', mp4File()],
        ])
      ).status,
    ).toBe(415);
    expect(
      (
        await send([
          ['blob:a', pngFile()],
          ['variant:a:500', pngFile()],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await send([
          ['blob:a', pngFile()],
          ['variant:a:480', pngFile()],
          ['variant:a:480', pngFile()],
        ])
      ).status,
    ).toBe(400);
    expect((await env.FILES.list()).objects.length).toBe(before);
  });
});

describe('image variants are copies of their original', () => {
  it('refuse (400) a copy wider than its width or its original, or of another aspect ratio, storing nothing', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id });
    const before = (await env.FILES.list()).objects.length;
    const send = (original: File, copy: File, width = 480) =>
      owner.call(`/articles/${article.id}`, {
        method: 'PUT',
        body: parts({ thumbnailFileTag: 'a' }, [
          ['blob:a', original],
          [`variant:a:${width}`, copy],
        ]),
      });
    // The case: a 3000 × 3000 picture as the 480 copy of a 10 × 10 one.
    const big = await send(pngFile('a.png', 10, 10), pngFile('b.png', 3000, 3000));
    expect(big.status).toBe(400);
    expect(big.body.message).toBe(
      'File part "variant:a:480" is no copy of its original: it is 3000 px wide, more than 480',
    );
    const wider = await send(pngFile('a.png', 10, 10), pngFile('b.png', 20, 20));
    expect(wider.status).toBe(400);
    expect(wider.body.message).toMatch(/wider than its original \(10 px\)/);
    const squashed = await send(pngFile('a.png', 4000, 3000), pngFile('b.png', 480, 480));
    expect(squashed.status).toBe(400);
    expect(squashed.body.message).toMatch(/aspect ratio \(480 × 480\) is not its original's \(4000 × 3000\)/);
    const slightly = await send(pngFile('a.png', 4000, 3000), pngFile('b.png', 960, 730), 960);
    expect(slightly.status).toBe(400);
    expect((await env.FILES.list()).objects.length).toBe(before);
  });

  it('take a copy within 1 % of the aspect ratio, height rounded', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id });
    const res = await owner.call(`/articles/${article.id}`, {
      method: 'PUT',
      body: parts({ thumbnailFileTag: 'a' }, [
        ['blob:a', pngFile('a.png', 4000, 3001)],
        ['variant:a:480', pngFile('b.png', 480, 360)],
        ['variant:a:960', pngFile('c.png', 960, 722)],
        ['variant:a:1920', pngFile('d.png', 1919, 1440)],
      ]),
    });
    expect(res.status, res.body.message).toBe(200);
    // A phone's photo stored landscape and shown portrait (orientation tag): its copies are portrait.
    const turned = await owner.call(`/articles/${article.id}`, {
      method: 'PUT',
      body: parts({ thumbnailFileTag: 'p' }, [
        ['blob:p', pngFile('p.png', 4000, 3000)],
        ['variant:p:480', pngFile('q.png', 480, 640)],
      ]),
    });
    expect(turned.status, turned.body.message).toBe(200);
  });
});

describe('GET /files/{key}?w=', () => {
  it('serves the variant of that width, the original when there is none, and refuses other widths', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id });
    const small = new File([pngFile(), new Uint8Array(500)], 'small.png', { type: 'image/png' });
    const res = await owner.call(`/articles/${article.id}/media/images`, {
      method: 'POST',
      body: parts({ images: [{ imageFileTag: 'a', title: 'A' }] }, [
        ['blob:a', pngFile()],
        ['variant:a:480', small],
      ]),
    });
    const href: string = res.body.result.media.images[0].href;
    const original = await exports.default.fetch(new Request(`${BASE}${href}`));
    const originalBytes = new Uint8Array(await original.arrayBuffer());
    const at480 = await exports.default.fetch(new Request(`${BASE}${href}?w=480`));
    expect(at480.status).toBe(200);
    expect(at480.headers.get('Content-Type')).toBe('image/png');
    expect((await at480.arrayBuffer()).byteLength).toBe(small.size);
    // No 960 copy (the picture was narrower): the original answers.
    const at960 = await exports.default.fetch(new Request(`${BASE}${href}?w=960`));
    expect(new Uint8Array(await at960.arrayBuffer())).toEqual(originalBytes);
    const odd = await exports.default.fetch(new Request(`${BASE}${href}?w=500`));
    expect(odd.status).toBe(400);
    await odd.arrayBuffer();
  });
});
