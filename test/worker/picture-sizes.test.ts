// Pixel sizes of stored pictures (migration 0015): recorded by uploads with their copies', read from R2 by the Cron
// Trigger for pictures stored before, and named by a page's link preview (og:image, og:image:width/height/alt).
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blobs } from '#schema/tables';
import { variantKey } from '#worker/lib/files';
import { backfillPictureSizes } from '#worker/services/picture-sizes';
import { runUploadCleanUp } from '#worker/scheduled';
import { asRole, createArticle, createBlob } from './content-factories';
import { BASE, db } from './helpers';
import { pngBytes, pngFile } from './upload-fixtures';

const SITE = 'http://localhost:8787'; // wrangler.toml's SITE_URL

const keyOf = (href: string) => href.replace(/^\/api\/files\//, '');
const sizeRow = (key: string) =>
  db()
    .select({ width: blobs.width, height: blobs.height, copies: blobs.copies })
    .from(blobs)
    .where(eq(blobs.key, key))
    .get();

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)">`).exec(html)?.[1];

/** A multipart body with parts in the order given (the SPA sends each original before its copies). */
function parts(body: unknown, files: [string, File][]): FormData {
  const form = new FormData();
  form.append('body', JSON.stringify(body));
  for (const [name, file] of files) form.append(name, file);
  return form;
}

/** An article whose gallery is one uploaded picture of `width` × `height` with the copies of `copies` (widths). */
async function galleryArticle(title: string, width: number, height: number, copies: number[]) {
  const owner = await asRole('CLIENT');
  const article = await createArticle({ userId: owner.user.id, title: `Article with ${title}` });
  const res = await owner.call(`/articles/${article.id}/media/images`, {
    method: 'POST',
    body: parts({ images: [{ imageFileTag: 'a', title }] }, [
      ['blob:a', pngFile('a.png', width, height)],
      ...copies.map(
        (w) => [`variant:a:${w}`, pngFile(`a-${w}.png`, w, Math.round((w * height) / width))] as [string, File],
      ),
    ]),
  });
  expect(res.status, res.body.message).toBe(201);
  return { id: article.id, key: keyOf(res.body.result.media.images[0].href) };
}

async function pageHtml(path: string) {
  const res = await exports.default.fetch(new Request(BASE + path));
  expect(res.status).toBe(200);
  return res.text();
}

describe('picture sizes', () => {
  it('an upload records the picture’s size and its copies’, narrowest first', async () => {
    const { key } = await galleryArticle('The summit', 3000, 2000, [1920, 480, 960]);
    expect(await sizeRow(key)).toEqual({
      width: 3000,
      height: 2000,
      copies: [
        { w: 480, width: 480, height: 320 },
        { w: 960, width: 960, height: 640 },
        { w: 1920, width: 1920, height: 1280 },
      ],
    });
  });

  it('a link preview gets the narrowest copy at least 1200 px wide, with its size and what it shows', async () => {
    const { id, key } = await galleryArticle('The summit at dawn', 3000, 2000, [480, 960, 1920]);
    const html = await pageHtml(`/article/${id}`);
    expect(meta(html, 'og:image')).toBe(`${SITE}/api/files/${key}?w=1920`);
    expect(meta(html, 'og:image:width')).toBe('1920');
    expect(meta(html, 'og:image:height')).toBe('1280');
    expect(meta(html, 'og:image:alt')).toBe('The summit at dawn');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
  });

  it('without a copy that wide, the original with its own size', async () => {
    const { id, key } = await galleryArticle('A small map', 1000, 500, [480, 960]);
    const html = await pageHtml(`/article/${id}`);
    expect(meta(html, 'og:image')).toBe(`${SITE}/api/files/${key}`);
    expect(meta(html, 'og:image:width')).toBe('1000');
    expect(meta(html, 'og:image:height')).toBe('500');
  });

  it('a picture without a recorded size keeps the 1920 URL and names no size; the Cron Trigger reads it from R2', async () => {
    const owner = await asRole('CLIENT');
    // Stored before sizes were recorded: the row without them, the picture and one copy in R2.
    const { key } = await createBlob(owner.user.id);
    await env.FILES.put(key, pngBytes(2400, 1600));
    await env.FILES.put(variantKey(key, 1920), pngBytes(1920, 1280));
    const missing = await createBlob(owner.user.id); // its object is gone: read once, recorded as 0 × 0
    const article = await createArticle({
      userId: owner.user.id,
      title: 'Old picture',
      media: { kind: 'gallery', images: [{ key, title: 'The old picture' }] },
    });
    const before = await pageHtml(`/article/${article.id}`);
    expect(meta(before, 'og:image')).toBe(`${SITE}/api/files/${key}?w=1920`);
    expect(meta(before, 'og:image:width')).toBeUndefined();
    expect(meta(before, 'og:image:alt')).toBe('The old picture');

    // Every picture without a size is read, however many runs that takes (other tests leave rows too).
    for (let run = 0; run < 20 && (await sizeRow(key))!.width === null; run++) await runUploadCleanUp(env, Date.now());
    expect(await sizeRow(key)).toEqual({ width: 2400, height: 1600, copies: [{ w: 1920, width: 1920, height: 1280 }] });
    for (let run = 0; run < 20 && (await sizeRow(missing.key))!.width === null; run++)
      await backfillPictureSizes(env, db());
    expect(await sizeRow(missing.key)).toEqual({ width: 0, height: 0, copies: [] });

    // Pages are cached under the content version: an edit (or the version's end) brings the new head; here a fresh URL.
    const after = await pageHtml(`/article/${article.id}?after`);
    expect(meta(after, 'og:image')).toBe(`${SITE}/api/files/${key}?w=1920`);
    expect(meta(after, 'og:image:width')).toBe('1920');
    expect(meta(after, 'og:image:height')).toBe('1280');
  });

  it('a read of a picture’s header from R2 costs no more than its first bytes', async () => {
    const { key } = await createBlob(null);
    await env.FILES.put(key, pngBytes(640, 400));
    const { readPictureSize } = await import('#worker/services/picture-sizes');
    expect(await readPictureSize(env.FILES, key)).toEqual({ width: 640, height: 400 });
    expect(await readPictureSize(env.FILES, `image/${crypto.randomUUID()}.png`)).toBeNull();
  });
});
