// The portal's own export imported back (issue 30, decision 046): export everything with its files, empty the portal,
// import the archive, export again: the same records, record by record (ids, slugs, flags, times, versions, files).
import { env, exports } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blobs, users } from '#schema/tables';
import { runImportStep } from '#worker/import/runner';
import { as, BASE, db } from './helpers';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { storeFile } from './matrix-fixtures';
import { pngBytes } from './upload-fixtures';

type Admin = Awaited<ReturnType<typeof as>>;

async function exportAll(admin: Admin): Promise<Uint8Array<ArrayBuffer>> {
  const res = await exports.default.fetch(
    new Request(`${BASE}/api/export?scope=all&media=include`, { headers: { Cookie: admin.cookie! } }),
  );
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** The archive's records by file, the manifest left out (it names when and by whom). */
function records(zip: Uint8Array) {
  const files = unzipSync(zip);
  const out: Record<string, unknown[]> = {};
  for (const name of ['categories.ndjson', 'channels.ndjson', 'articles.ndjson', 'news.ndjson', 'media.ndjson']) {
    out[name] = new TextDecoder()
      .decode(files[name])
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  }
  const media = Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith('media/')));
  return { out, media };
}

describe("the portal's own export", () => {
  it('round-trips into an emptied portal: the same records and files', async () => {
    const admin = await as('ADMIN');
    const parent = await createCategory({ title: 'Travel' });
    const child = await createCategory({ title: 'Mountains', parentId: parent.id });
    const picture = await storeFile();
    await db().insert(blobs).values({ key: picture, contentType: 'image/png', size: pngBytes().length, userId: null });
    const channel = await createChannel({ name: 'Alpine Journal', categoryIds: [child.id], portraitKey: picture });
    const article = await createArticle({
      channelId: channel.id,
      title: 'Hut to hut',
      description: 'Four days.\n\nAbove the clouds.',
      categoryIds: [child.id, parent.id],
      media: { kind: 'gallery', images: [{ key: picture, title: 'The hut' }] },
      restricted: true,
    });
    await createArticle({ title: 'A draft', published: false, userId: article.userId });
    await createNewsItem({ refKind: 'article', refId: article.id, title: 'News of the walk' });
    const first = await exportAll(admin);
    const before = records(first);
    expect(before.out['articles.ndjson']).toHaveLength(2);

    // Empty the portal: content, slugs, files, and every user but the importing admin.
    await env.DB.prepare('delete from categories where parent_id is not null').run();
    for (const table of [
      'news',
      'article_categories',
      'article_media',
      'articles',
      'channel_categories',
      'channels',
      'categories',
      'slugs',
      'blobs',
    ]) {
      await env.DB.prepare(`delete from ${table}`).run();
    }
    await db().delete(users).where(ne(users.id, admin.user!.id));
    const listed = await env.FILES.list();
    for (const o of listed.objects) await env.FILES.delete(o.key);

    const form = new FormData();
    form.append('file', new File([first], 'export.zip', { type: 'application/zip' }));
    const res = await admin.call('/imports', { method: 'POST', body: form });
    expect(res.status).toBe(202);
    const id = res.body.result.id;
    for (let i = 0; i < 50 && (await runImportStep(env, id)) !== 'done'; i++);
    const detail = (await admin.call(`/imports/${id}`)).body.result;
    expect(detail.state).toBe('done');
    expect(detail.sourceKind).toBe('portal');
    expect(detail.counts.articles).toMatchObject({ created: 2, failed: 0 });

    const after = records(await exportAll(admin));
    for (const name of Object.keys(before.out)) expect(after.out[name], name).toEqual(before.out[name]);
    expect(Object.keys(after.media)).toEqual(Object.keys(before.media));
    for (const [name, bytes] of Object.entries(before.media)) expect(after.media[name], name).toEqual(bytes);
    // The owners came back as inactive users of the same id, without a password.
    const owner = await db()
      .select()
      .from(users)
      .where(sql`${users.id} = ${article.userId}`)
      .get();
    expect(owner).toMatchObject({ active: false, passwordHash: '!' });

    // Again: nothing new.
    const again = await admin.call('/imports', {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.append('file', new File([first], 'export.zip'));
        return f;
      })(),
    });
    for (let i = 0; i < 50 && (await runImportStep(env, again.body.result.id)) !== 'done'; i++);
    const second = (await admin.call(`/imports/${again.body.result.id}`)).body.result;
    expect(second.counts.articles).toMatchObject({ created: 0, updated: 2 });
    expect(records(await exportAll(admin)).out).toEqual(before.out);
  }, 60_000);
});
