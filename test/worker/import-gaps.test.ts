// What issue 30's importer gained late (decisions 046, 047): an uploads ZIP beside the export (pictures taken from it
// by path before any fetch), a file larger than one request through the resumable upload, where an article came from
// (for those who may edit it), and a Markdown archive's missing pictures fetched again from the old site. The old
// site's picture host is a fetch spy, as in imports.test.ts.
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_UPLOAD_TYPE } from '#schema/enums';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { articleMedia, imports, uploads } from '#schema/tables';
import { makeMarkdownZip } from '../fixtures/markdown-zip';
import { makeWxr } from '../fixtures/wxr';
import { as, BASE, call, db, unique } from './helpers';
import { pictureHost, settleImport } from './import-fixtures';
import { pngBytes } from './upload-fixtures';

type Admin = Awaited<ReturnType<typeof as>>;
let admin: Admin;

beforeAll(async () => {
  admin = await as('ADMIN');
});

afterEach(() => {
  vi.restoreAllMocks();
});

const picturesOf = async (articleId: string) =>
  db().select().from(articleMedia).where(eq(articleMedia.articleId, articleId));

function wxrWithPictures(site: string) {
  const figure = (src: string) =>
    `<!-- wp:image --><figure class="wp-block-image"><img src="${src}" alt="A"/></figure><!-- /wp:image -->`;
  return makeWxr({
    site,
    authors: [],
    categories: [],
    tags: [],
    posts: [
      {
        id: 7,
        title: 'Harbour pictures',
        slug: 'harbour-pictures',
        content:
          `<!-- wp:paragraph --><p>Boats.</p><!-- /wp:paragraph -->` +
          figure(`${site}/wp-content/uploads/2024/03/boat.png`) +
          figure(`${site}/wp-content/uploads/2024/03/not-in-zip.png`),
      },
    ],
  });
}

describe('an uploads ZIP beside a WordPress export', () => {
  const site = `https://zip-${crypto.randomUUID().slice(0, 8)}.example.com`;

  it('takes the pictures it holds by path before any fetch; the others are fetched (and listed when missing)', async () => {
    const asked = pictureHost(() => false);
    const form = new FormData();
    form.append('file', new File([wxrWithPictures(site)], 'export.xml', { type: 'text/xml' }));
    // A ZIP of wp-content itself: `uploads/2024/03/boat.png`.
    form.append(
      'media',
      new File([makeMarkdownZip({ 'uploads/2024/03/boat.png': pngBytes(9, 6) })], 'uploads.zip', {
        type: 'application/zip',
      }),
    );
    const res = await admin.call('/imports', { method: 'POST', body: form });
    expect(res.status, res.body.message).toBe(202);
    const detail = await settleImport(admin, res.body.result.id);
    expect(detail.state).toBe('done');
    const articleId = detail.report.items[0].articleId as string;
    const media = await picturesOf(articleId);
    expect(media).toHaveLength(1);
    const stored = await env.FILES.get(media[0]!.blobKey);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(pngBytes(9, 6));
    expect(asked).not.toContain(`${site}/wp-content/uploads/2024/03/boat.png`);
    expect(asked).toContain(`${site}/wp-content/uploads/2024/03/not-in-zip.png`);
    expect(detail.report.missingMedia.map((m: { url: string }) => m.url)).toEqual([
      `${site}/wp-content/uploads/2024/03/not-in-zip.png`,
    ]);
  });

  it('refuses a part "media" that is no ZIP (415), keeping nothing', async () => {
    const before = (await db().select({ id: imports.id }).from(imports)).length;
    const form = new FormData();
    form.append('file', new File([wxrWithPictures(site)], 'export.xml', { type: 'text/xml' }));
    form.append('media', new File(['not a zip at all'], 'uploads.zip'));
    const res = await admin.call('/imports', { method: 'POST', body: form });
    expect(res.status).toBe(415);
    expect((await db().select({ id: imports.id }).from(imports)).length).toBe(before);
  });
});

async function putPart(cookie: string | undefined, id: string, n: number, bytes: Uint8Array<ArrayBuffer>) {
  const res = await exports.default.fetch(
    new Request(`${BASE}/api/uploads/${id}/parts/${n}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', ...(cookie ? { Cookie: cookie } : {}) },
      body: bytes,
    }),
  );
  return res.status;
}

const startUpload = (who: Admin, size: number, contentType = IMPORT_UPLOAD_TYPE) =>
  who.call('/uploads', {
    method: 'POST',
    body: { size, contentType, name: 'big-export.xml', fingerprint: unique('fp') },
  });

describe('a file larger than one request, through the resumable upload', () => {
  const site = `https://big-${crypto.randomUUID().slice(0, 8)}.example.com`;

  it('starts an import from a finished upload of the admin: the file is taken, not copied, and read as any', async () => {
    pictureHost(() => false);
    const bytes = new TextEncoder().encode(wxrWithPictures(site));
    const created = await startUpload(admin, bytes.length);
    expect(created.status, created.body.message).toBe(201);
    const upload = created.body.result;
    expect(await putPart(admin.cookie, upload.id, 1, bytes)).toBe(200);
    expect((await admin.call(`/uploads/${upload.id}/complete`, { method: 'POST' })).status).toBe(200);
    const form = new FormData();
    form.append('upload', upload.id);
    const res = await admin.call('/imports', { method: 'POST', body: form });
    expect(res.status, res.body.message).toBe(202);
    const row = await db().select().from(imports).where(eq(imports.id, res.body.result.id)).get();
    expect(row?.sourceKind).toBe('wordpress');
    expect(row?.fileName).toBe('big-export.xml');
    // The upload is the import's now: its row is gone (no idle clean-up takes the file), the file stays.
    expect(await db().select().from(uploads).where(eq(uploads.id, upload.id)).get()).toBeUndefined();
    const detail = await settleImport(admin, res.body.result.id);
    expect(detail.state).toBe('done');
    expect(detail.counts.articles.created).toBe(1);
    // Taken once: a second import of the same upload is 400.
    const again = new FormData();
    again.append('upload', upload.id);
    expect((await admin.call('/imports', { method: 'POST', body: again })).status).toBe(400);
  });

  it('answers 413 past the documented limit, 403 to an editor, 409 for an unfinished upload', async () => {
    expect((await startUpload(admin, RESUMABLE_LIMITS.importFile + 1)).status).toBe(413);
    const editor = await as('CONTRIBUTOR');
    expect((await startUpload(editor, 1000)).status).toBe(403);
    const open = (await startUpload(admin, 1000)).body.result;
    const form = new FormData();
    form.append('upload', open.id);
    expect((await admin.call('/imports', { method: 'POST', body: form })).status).toBe(409);
    await admin.call(`/uploads/${open.id}`, { method: 'DELETE' });
  });

  it('cancels an upload whose first part is no export (415)', async () => {
    const bytes = new TextEncoder().encode('just some words, no export');
    const upload = (await startUpload(admin, bytes.length)).body.result;
    expect(await putPart(admin.cookie, upload.id, 1, bytes)).toBe(415);
    expect(await db().select().from(uploads).where(eq(uploads.id, upload.id)).get()).toBeUndefined();
  });
});

describe('where an article came from', () => {
  const site = `https://from-${crypto.randomUUID().slice(0, 8)}.example.com`;

  it('is part of the article for an admin (kind, id, old address), never for a reader', async () => {
    pictureHost(() => false);
    const form = new FormData();
    form.append('file', new File([wxrWithPictures(site)], 'export.xml', { type: 'text/xml' }));
    const id = (await admin.call('/imports', { method: 'POST', body: form })).body.result.id;
    const detail = await settleImport(admin, id);
    const articleId = detail.report.items[0].articleId as string;
    const seen = (await admin.call(`/articles/${articleId}`)).body.result;
    expect(seen.importedFrom).toMatchObject({
      kind: 'wordpress',
      site,
      sourceId: '7',
      url: `${site}/2024/03/harbour-pictures`,
      importId: id,
    });
    const anonymous = await call(`/articles/${articleId}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.result.importedFrom).toBeUndefined();
  });
});

describe("a Markdown archive's missing pictures", () => {
  it('are listed, then fetched again from the old site at their path', async () => {
    const zip = makeMarkdownZip({
      'posts/quay.md': '---\ntitle: The quay\n---\nThe quay.\n\n![The crane](/images/crane.png)\n',
    });
    const form = new FormData();
    form.append('file', new File([zip], 'blog.zip', { type: 'application/zip' }));
    const id = (await admin.call('/imports', { method: 'POST', body: form })).body.result.id;
    const detail = await settleImport(admin, id);
    expect(detail.state).toBe('done');
    expect(detail.report.missingMedia).toMatchObject([
      { url: 'https://archive.invalid/images/crane.png', reason: 'Not in the archive' },
    ]);
    const articleId = detail.report.items[0].articleId as string;
    // Without the old site the archive is read again: still missing, with a reason that says what to do.
    const first = await admin.call(`/imports/${id}/media/retry`, { method: 'POST', body: {} });
    expect(first.status).toBe(200);
    expect(first.body.result.report.missingMedia[0].reason).toMatch(/site/);
    const oldSite = `https://quay-${crypto.randomUUID().slice(0, 8)}.example.com`;
    const asked = pictureHost((url) => url === `${oldSite}/images/crane.png`);
    const res = await admin.call(`/imports/${id}/media/retry`, { method: 'POST', body: { site: oldSite } });
    expect(res.status, res.body.message).toBe(200);
    expect(asked).toEqual([`${oldSite}/images/crane.png`]);
    expect(res.body.result.report.missingMedia).toEqual([]);
    const article = (await admin.call(`/articles/${articleId}`)).body.result;
    expect(article.body.children.some((b: { type: string }) => b.type === 'image')).toBe(true);
    expect(await picturesOf(articleId)).toHaveLength(1);
  });
});
