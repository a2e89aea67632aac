// The screen sends every import file through the resumable upload (decision 047): the export by the part `upload`,
// the old site's pictures ZIP by the part `mediaUpload`. Both are taken where they lie; a `mediaUpload` that is no ZIP
// is 415, one that is not the caller's 400, and on any refusal both uploads are given back untouched.
import { env, exports } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_UPLOAD_TYPE } from '#schema/enums';
import { articleMedia, imports, uploads } from '#schema/tables';
import { runImportStep } from '#worker/import/runner';
import { makeMarkdownZip } from '../fixtures/markdown-zip';
import { makeWxr } from '../fixtures/wxr';
import { as, BASE, db, unique } from './helpers';
import { pngBytes } from './upload-fixtures';

type Admin = Awaited<ReturnType<typeof as>>;
let admin: Admin;

beforeAll(async () => {
  admin = await as('ADMIN');
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A finished resumable upload of `bytes` (one part) by `who`, typed as an import file. */
async function uploaded(who: Admin, bytes: Uint8Array<ArrayBuffer>, name: string): Promise<string> {
  const created = await who.call('/uploads', {
    method: 'POST',
    body: { size: bytes.length, contentType: IMPORT_UPLOAD_TYPE, name, fingerprint: unique('fp') },
  });
  expect(created.status, created.body.message).toBe(201);
  const id = created.body.result.id as string;
  const res = await exports.default.fetch(
    new Request(`${BASE}/api/uploads/${id}/parts/1`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', Cookie: who.cookie! },
      body: bytes,
    }),
  );
  expect(res.status).toBe(200);
  expect((await who.call(`/uploads/${id}/complete`, { method: 'POST' })).status).toBe(200);
  return id;
}

function wxr(site: string) {
  return new TextEncoder().encode(
    makeWxr({
      site,
      authors: [],
      categories: [],
      tags: [],
      posts: [
        {
          id: 3,
          title: 'Quay',
          slug: 'quay',
          content: `<!-- wp:image --><figure class="wp-block-image"><img src="${site}/wp-content/uploads/2024/05/quay.png" alt="Q"/></figure><!-- /wp:image -->`,
        },
      ],
    }),
  );
}

const statusOf = async (ids: string[]) =>
  new Map(
    (await db().select().from(uploads).where(inArray(uploads.id, ids))).map((row) => [row.id, row.status] as const),
  );

describe('a media ZIP through the resumable upload', () => {
  const site = `https://media-${crypto.randomUUID().slice(0, 8)}.example.com`;

  it('takes the pictures from the uploaded ZIP before any fetch; both uploads become the import’s', async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      asked.push(new Request(input).url);
      return new Response('gone', { status: 404 });
    });
    const file = await uploaded(admin, wxr(site), 'export.xml');
    const media = await uploaded(
      admin,
      makeMarkdownZip({ 'wp-content/uploads/2024/05/quay.png': pngBytes(7, 3) }),
      'uploads.zip',
    );
    const form = new FormData();
    form.append('upload', file);
    form.append('mediaUpload', media);
    const res = await admin.call('/imports', { method: 'POST', body: form });
    expect(res.status, res.body.message).toBe(202);
    const id = res.body.result.id as string;
    expect((await statusOf([file, media])).size).toBe(0);
    const row = await db().select().from(imports).where(eq(imports.id, id)).get();
    expect(row?.mediaKey).toBeTruthy();
    for (let i = 0; i < 50; i++) if ((await runImportStep(env, id)) === 'done') break;
    const detail = (await admin.call(`/imports/${id}`)).body.result;
    expect(detail.state).toBe('done');
    const pictures = await db()
      .select()
      .from(articleMedia)
      .where(eq(articleMedia.articleId, detail.report.items[0].articleId));
    expect(pictures).toHaveLength(1);
    const stored = await env.FILES.get(pictures[0]!.blobKey);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(pngBytes(7, 3));
    expect(asked.filter((url) => url.startsWith(site))).toEqual([]);
    expect(detail.report.missingMedia ?? []).toEqual([]);
  });

  it('refuses a mediaUpload that is no ZIP (415) and gives both uploads back', async () => {
    const before = (await db().select({ id: imports.id }).from(imports)).length;
    const file = await uploaded(admin, wxr(site), 'export.xml');
    const notZip = await uploaded(admin, wxr(site), 'uploads.zip');
    const form = new FormData();
    form.append('upload', file);
    form.append('mediaUpload', notZip);
    const res = await admin.call('/imports', { method: 'POST', body: form });
    expect(res.status).toBe(415);
    expect((await db().select({ id: imports.id }).from(imports)).length).toBe(before);
    const status = await statusOf([file, notZip]);
    expect(status.get(file)).toBe('complete');
    expect(status.get(notZip)).toBe('complete');
  });

  it('refuses another admin’s upload as mediaUpload (400), and a second media part (400)', async () => {
    const other = await as('ADMIN');
    const theirs = await uploaded(other, makeMarkdownZip({ 'a.png': pngBytes(2, 2) }), 'uploads.zip');
    const form = new FormData();
    form.append('file', new File([wxr(site)], 'export.xml', { type: 'text/xml' }));
    form.append('mediaUpload', theirs);
    expect((await admin.call('/imports', { method: 'POST', body: form })).status).toBe(400);
    expect((await statusOf([theirs])).get(theirs)).toBe('complete');
    const mine = await uploaded(admin, makeMarkdownZip({ 'a.png': pngBytes(2, 2) }), 'uploads.zip');
    const twice = new FormData();
    twice.append('file', new File([wxr(site)], 'export.xml', { type: 'text/xml' }));
    twice.append('media', new File([makeMarkdownZip({ 'b.png': pngBytes(2, 2) })], 'u.zip'));
    twice.append('mediaUpload', mine);
    expect((await admin.call('/imports', { method: 'POST', body: twice })).status).toBe(400);
    expect((await statusOf([mine])).get(mine)).toBe('complete');
  });
});
