// The portal's own export imported back (issue 30, decision 046): export everything with its files, empty the portal,
// import the archive, export again: the same records, record by record (ids, slugs, flags, times, versions, files).
import { unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blobs, users } from '#schema/tables';
import { as, db } from './helpers';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { storeFile } from './matrix-fixtures';
import { emptyPortal, exportAll, importArchive } from './roundtrip-fixtures';
import { pngBytes } from './upload-fixtures';

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

    await emptyPortal(admin);
    const detail = await importArchive(admin, first);
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
    const second = await importArchive(admin, first);
    expect(second.counts.articles).toMatchObject({ created: 0, updated: 2 });
    expect(records(await exportAll(admin)).out).toEqual(before.out);
  }, 60_000);
});
