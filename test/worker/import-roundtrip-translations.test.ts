// The portal's own export with its translations imported back (issues 29 and 30, decisions 036, 046, 054): export,
// empty the portal, import, export again: every translation comes back record by record (language, slug and old
// slugs, text, draft or published, versions, the outdated mark, author, times); an old translation slug still leads
// to the translation; a translation in a language this portal does not configure is left out and reported; a second
// import updates and creates nothing.
import { env } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { exportArticle, exportCategory, exportChannel, exportNewsItem, type ExportArticle } from '#schema/export';
import { as, call } from './helpers';
import { createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { storeFile } from './matrix-fixtures';
import { emptyPortal, exportAll, importArchive } from './roundtrip-fixtures';
import { translateArticle, translateItem } from './translation-fixtures';

const FILES = ['categories.ndjson', 'channels.ndjson', 'articles.ndjson', 'news.ndjson'] as const;
const SCHEMAS = {
  'categories.ndjson': exportCategory,
  'channels.ndjson': exportChannel,
  'articles.ndjson': exportArticle,
  'news.ndjson': exportNewsItem,
};

/** The archive's records by file, each checked against the format's schema. */
function records(zip: Uint8Array): Record<(typeof FILES)[number], Record<string, unknown>[]> {
  const files = unzipSync(zip);
  const out = {} as Record<(typeof FILES)[number], Record<string, unknown>[]>;
  for (const name of FILES) {
    out[name] = new TextDecoder()
      .decode(files[name])
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const parsed = SCHEMAS[name].safeParse(JSON.parse(l));
        expect(parsed.success, name).toBe(true);
        return parsed.data as Record<string, unknown>;
      });
  }
  return out;
}

describe("the portal's own export, translations included", () => {
  it('round-trips every translation, keeps old slugs and the outdated mark, and skips an unconfigured language', async () => {
    const admin = await as('ADMIN');
    const translator = await as('CLIENT');
    const category = await createCategory({ title: 'Travel' });
    await translateItem('category', category.id, 'de-DE', { slug: 'reisen', title: 'Reisen', text: 'Unterwegs' });
    const channel = await createChannel({ name: 'Alpine Journal', categoryIds: [category.id] });
    await translateItem('channel', channel.id, 'de-DE', {
      slug: 'alpenjournal',
      title: 'Alpenjournal',
      text: 'Berge',
      published: false,
    });
    const picture = await storeFile();
    const walk = await createArticle({
      channelId: channel.id,
      title: 'Hut to hut',
      categoryIds: [category.id],
      media: { kind: 'gallery', images: [{ key: picture, title: 'The hut' }] },
    });
    const [mediaRow] = (
      await env.DB.prepare('select id from article_media where article_id = ?').bind(walk.id).all<{ id: string }>()
    ).results;
    // Published, by a translator, renamed once (its old slug keeps redirecting), its picture's title translated.
    await translateArticle(walk.id, 'de-DE', {
      slug: 'huettenweg',
      oldSlugs: ['alter-weg'],
      title: 'Von Hütte zu Hütte',
      body: { version: 1, children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Vier Tage.' }] }] },
      mediaTitles: { [mediaRow!.id]: 'Die Hütte' },
    });
    await env.DB.prepare(
      "update article_translations set user_id = ?, version = 3 where article_id = ? and language = 'de-DE'",
    )
      .bind(translator.user!.id, walk.id)
      .run();
    // In a language this portal does not configure: exported, but not imported here.
    await translateArticle(walk.id, 'fr-FR', { slug: 'de-refuge-en-refuge', title: 'De refuge en refuge' });
    // A draft translation, outdated since its source's title changed after it.
    const draft = await createArticle({ title: 'Before the change', published: false, userId: walk.userId });
    await translateArticle(draft.id, 'de-DE', { slug: 'vor-der-aenderung', published: false });
    await env.DB.prepare("update articles set title = 'After the change' where id = ?").bind(draft.id).run();
    const item = await createNewsItem({ refKind: 'article', refId: walk.id, title: 'News of the walk' });
    await translateItem('news', item.id, 'de-DE', { title: 'Neues vom Weg', text: 'Kurz' });

    const first = await exportAll(admin);
    const before = records(first);
    const walkRecord = before['articles.ndjson'].find((a) => a.id === walk.id) as ExportArticle;
    expect(walkRecord.translations!.map((t) => t.language)).toEqual(['de-DE', 'fr-FR']);
    expect(walkRecord.translations![0]).toMatchObject({
      slug: 'huettenweg',
      oldSlugs: ['alter-weg'],
      published: true,
      version: 3,
      userId: translator.user!.id,
      mediaTitles: { [mediaRow!.id]: 'Die Hütte' },
    });
    const draftRecord = before['articles.ndjson'].find((a) => a.id === draft.id) as ExportArticle;
    expect(draftRecord.textVersion).toBeGreaterThan(draftRecord.translations![0]!.sourceTextVersion);

    await emptyPortal(admin);
    const detail = await importArchive(admin, first);
    expect(detail.counts.articles).toMatchObject({ created: 2, failed: 0 });
    expect(detail.counts.translations).toEqual({ created: 5, updated: 0, skipped: 1, failed: 0 });
    expect(detail.report.notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sourceId: walk.id,
          note: 'translation fr-FR not imported: the language is not configured in this portal',
        }),
      ]),
    );

    // Record by record the same, less the French translation this portal has no language for.
    const expected = structuredClone(before);
    const expectedWalk = expected['articles.ndjson'].find((a) => a.id === walk.id) as ExportArticle;
    expectedWalk.translations = expectedWalk.translations!.filter((t) => t.language !== 'fr-FR');
    const after = records(await exportAll(admin));
    for (const name of FILES) expect(after[name], name).toEqual(expected[name]);

    // The old German slug still leads to the translation; the draft is still a draft and still outdated.
    const old = await call('/articles/alter-weg?lang=de');
    expect(old.status).toBe(200);
    expect(old.body.result).toMatchObject({ id: walk.id, slug: 'huettenweg', language: 'de-DE' });
    expect((await call('/articles/de-refuge-en-refuge?lang=de')).status).toBe(404);
    const drafted = await admin.call(`/articles/${draft.id}?lang=de`);
    expect(drafted.body.result.translations).toEqual([
      expect.objectContaining({ language: 'de-DE', state: 'draft', outdated: true }),
    ]);
    const current = await call(`/articles/${walk.id}?lang=de`);
    expect(current.body.result.translations).toEqual([
      expect.objectContaining({ language: 'de-DE', state: 'published', outdated: false }),
    ]);

    // Again: the same translations updated in place, none created, the records unchanged.
    const again = await importArchive(admin, first);
    expect(again.counts.translations).toEqual({ created: 0, updated: 5, skipped: 1, failed: 0 });
    const twice = records(await exportAll(admin));
    for (const name of FILES) expect(twice[name], name).toEqual(expected[name]);
  }, 120_000);

  it('writes an item and its translations whole: a translation slug held here fails the item, nothing half-written', async () => {
    const admin = await as('ADMIN');
    const article = await createArticle({ title: 'Taken' });
    await translateArticle(article.id, 'de-DE', { slug: 'vergeben' });
    const zip = await exportAll(admin);
    await emptyPortal(admin);
    // Another article holds the German slug here.
    const holder = await createArticle({ title: 'Holder' });
    await translateArticle(holder.id, 'de-DE', { slug: 'vergeben' });
    const detail = await importArchive(admin, zip);
    // (The file's storage still holds the first test's content, which the archive carries too.)
    expect(detail.counts.articles.failed).toBe(1);
    expect(detail.report.notes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sourceId: article.id, note: expect.stringMatching(/^not imported: /) }),
      ]),
    );
    const row = await env.DB.prepare('select id from articles where id = ?').bind(article.id).first();
    expect(row).toBeNull();
    const held = await env.DB.prepare(
      "select entity_id from translation_slugs where language = 'de-DE' and slug = 'vergeben'",
    ).all<{ entity_id: string }>();
    expect(held.results).toEqual([{ entity_id: holder.id }]);
  }, 120_000);
});
