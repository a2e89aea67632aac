// Imports the screen drives (issue 30, decisions 046 and 050): the file is read first and the import waits in
// `review` while the admin maps its authors (POST /imports/{id}/start, validated: nothing written on a bad mapping);
// pictures that could not be had are fetched again from the report (POST /imports/{id}/media/retry) under the
// webhook URL rules. The outside world (the old site's picture host) is a fetch spy, as in imports.test.ts.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleMedia, articles, imports, revisions, users } from '#schema/tables';
import { runImportStep } from '#worker/import/runner';
import { makeWxr, type WxrInput } from '../fixtures/wxr';
import { as, createUser, db } from './helpers';
import { pictureHost, settleImport } from './import-fixtures';

type Admin = Awaited<ReturnType<typeof as>>;
let admin: Admin;

beforeAll(async () => {
  admin = await as('ADMIN');
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function startImport(xml: string, parts: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new File([xml], 'export.xml', { type: 'text/xml' }));
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  const res = await admin.call('/imports', { method: 'POST', body: form });
  expect(res.status).toBe(202);
  return res.body.result.id as string;
}

const articleCount = async () => (await db().select({ id: articles.id }).from(articles)).length;

describe('mapping the authors before the import starts', () => {
  const site = `https://review-${crypto.randomUUID().slice(0, 8)}.example.com`;
  let id: string;
  let mapped: { id: string };
  let sameEmail: { id: string; email: string | null };

  beforeAll(async () => {
    mapped = await createUser({ role: 'CONTRIBUTOR' });
    sameEmail = await createUser({ role: 'CONTRIBUTOR' });
    const file: WxrInput = {
      site,
      authors: [
        { login: 'ann', email: `ann-${crypto.randomUUID()}@example.com`, name: 'Ann Writer' },
        { login: 'ben', email: `ben-${crypto.randomUUID()}@example.com`, name: 'Ben Writer' },
        { login: 'cay', email: sameEmail.email!, name: 'Cay Writer' },
      ],
      categories: [],
      tags: [],
      posts: [
        { id: 1, title: 'By Ann', slug: 'by-ann', content: 'A', creator: 'ann' },
        { id: 2, title: 'By Ben', slug: 'by-ben', content: 'B', creator: 'ben' },
        { id: 3, title: 'By Cay', slug: 'by-cay', content: 'C', creator: 'cay' },
      ],
    };
    id = await startImport(makeWxr(file), { review: '1' });
  });

  it('reads the file, then waits in review with the authors it names and whom each would be', async () => {
    const before = await articleCount();
    const detail = await settleImport(admin, id);
    expect(detail.state).toBe('review');
    expect(detail.progress.total).toBe(3);
    expect(detail.report.authors).toEqual([
      expect.objectContaining({ key: 'ann', name: 'Ann Writer', match: null }),
      expect.objectContaining({ key: 'ben', name: 'Ben Writer', match: null }),
      expect.objectContaining({ key: 'cay', match: sameEmail.id }),
    ]);
    // Waiting writes nothing and takes no further step.
    expect(await runImportStep(env, id)).toBe('done');
    expect(await articleCount()).toBe(before);
  });

  it('refuses a key the file does not name or a user that does not exist, writing nothing', async () => {
    const usersBefore = (await db().select({ id: users.id }).from(users)).length;
    const unknownKey = await admin.call(`/imports/${id}/start`, {
      method: 'POST',
      body: { authors: { zed: mapped.id } },
    });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.result.issues).toEqual([
      expect.objectContaining({ path: ['authors', 'zed'], code: 'unknown_author' }),
    ]);
    const unknownUser = await admin.call(`/imports/${id}/start`, {
      method: 'POST',
      body: { authors: { ann: mapped.id, ben: crypto.randomUUID() } },
    });
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.result.issues).toEqual([
      expect.objectContaining({ path: ['authors', 'ben'], code: 'unknown_user' }),
    ]);
    const notUuid = await admin.call(`/imports/${id}/start`, { method: 'POST', body: { authors: { ann: 'x' } } });
    expect(notUuid.status).toBe(400);
    const row = await db().select().from(imports).where(eq(imports.id, id)).get();
    expect(row?.state).toBe('review');
    expect(row?.authorMap).toEqual({});
    expect((await db().select({ id: users.id }).from(users)).length).toBe(usersBefore);
  });

  it('starts with the mapping: mapped to the chosen user, the rest created inactive or found by e-mail', async () => {
    const started = await admin.call(`/imports/${id}/start`, { method: 'POST', body: { authors: { ann: mapped.id } } });
    expect(started.status).toBe(200);
    expect(started.body.result.state).toBe('queued');
    const again = await admin.call(`/imports/${id}/start`, { method: 'POST', body: {} });
    expect(again.status).toBe(409);
    const detail = await settleImport(admin, id);
    expect(detail.state).toBe('done');
    const owner = async (title: string) =>
      (await db().select({ userId: articles.userId }).from(articles).where(eq(articles.title, title)).get())?.userId;
    expect(await owner('By Ann')).toBe(mapped.id);
    expect(await owner('By Cay')).toBe(sameEmail.id);
    const ben = await db()
      .select()
      .from(users)
      .where(eq(users.id, (await owner('By Ben'))!))
      .get();
    expect(ben).toMatchObject({ active: false, passwordHash: '!', name: 'ben' });
    expect(detail.authorMap).toMatchObject({ ann: mapped.id, ben: ben!.id, cay: sameEmail.id });
  });
});

describe('fetching missing pictures again from the report', () => {
  const media = `https://pics-${crypto.randomUUID().slice(0, 8)}.example.com`;
  const inline = `${media}/late.png`;
  const featured = `${media}/cover.png`;
  const plain = `http://plain.example.com/old.png`;
  let id: string;
  let articleId: string;

  beforeAll(async () => {
    pictureHost(() => false);
    const file: WxrInput = {
      site: `https://retry-${crypto.randomUUID().slice(0, 8)}.example.com`,
      authors: [],
      categories: [],
      tags: [],
      posts: [
        { id: 9, title: 'Cover', slug: 'cover', content: '', type: 'attachment', attachmentUrl: featured },
        {
          id: 1,
          title: 'Late pictures',
          slug: 'late-pictures',
          content: `<p>Before</p><img src="${inline}" alt="Late one" /><img src="${plain}" alt="Plain one" />`,
          thumbnailId: 9,
        },
      ],
    };
    id = await startImport(makeWxr(file));
    const detail = await settleImport(admin, id);
    expect(detail.state).toBe('done');
    articleId = detail.report.items[0].articleId;
    expect(detail.report.missingMedia.map((m: any) => m.url).sort()).toEqual([featured, inline, plain].sort());
  });

  it('puts the pictures had now where the import left their links; the rest keep a reason', async () => {
    vi.restoreAllMocks();
    const asked = pictureHost((url) => [inline, featured].includes(url));
    const before = await db().select().from(articles).where(eq(articles.id, articleId)).get();
    expect(JSON.stringify(before!.body)).toContain(inline);
    expect(before!.thumbnailKey).toBeNull();

    const res = await admin.call(`/imports/${id}/media/retry`, { method: 'POST', body: {} });
    expect(res.status).toBe(200);
    const missing = res.body.result.report.missingMedia;
    expect(missing).toEqual([expect.objectContaining({ url: plain, reason: expect.stringMatching(/https/i) })]);
    // The http address was refused by the URL rules before any fetch.
    expect(asked).not.toContain(plain);

    const after = await db().select().from(articles).where(eq(articles.id, articleId)).get();
    const image = (after!.body as any).children.find((b: any) => b.type === 'image');
    expect(image).toMatchObject({ alt: 'Late one' });
    expect(JSON.stringify(after!.body)).not.toContain(inline);
    const gallery = await db().select().from(articleMedia).where(eq(articleMedia.articleId, articleId));
    expect(gallery.map((g) => g.id)).toContain(image.mediaId);
    expect(after!.mediaKind).toBe('gallery');
    expect(after!.thumbnailKey).toMatch(/^image\//);
    expect(after!.version).toBe(before!.version + 2);
    const history = await db().select().from(revisions).where(eq(revisions.entityId, articleId));
    expect(history.length).toBeGreaterThanOrEqual(3);
  });

  it('is refused while the import is under way', async () => {
    const row = await db().select().from(imports).where(eq(imports.id, id)).get();
    await db().update(imports).set({ state: 'running' }).where(eq(imports.id, id));
    const res = await admin.call(`/imports/${id}/media/retry`, { method: 'POST', body: {} });
    expect(res.status).toBe(409);
    await db().update(imports).set({ state: row!.state }).where(eq(imports.id, id));
  });
});
