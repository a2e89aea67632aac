// GET /api/export (decision 036): the archive is a ZIP made while it downloads (no Content-Length, read a chunk at a
// time), with manifest.json first; an editor's holds their own content, drafts and restricted text included, and
// nobody else's; ADMIN's (?scope=all) everyone's; media listed by absolute URL, or included with ?media=include.
import { env, exports } from 'cloudflare:workers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  EXPORT_FORMAT_VERSION,
  exportArticle,
  exportCategory,
  exportChannel,
  exportManifest,
  exportMediaFile,
  exportNewsItem,
} from '#schema/export';
import { articles } from '#schema/tables';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { articlesPageQuery, channelsPageQuery, EXPORT_PAGE_SIZES, newsPageQuery } from '#worker/queries/export';
import { translationsPageSql } from '#worker/queries/export-translations';
import { zipStream } from '#worker/lib/zip-stream';
import { EXPORT_LIMIT, exportArchive } from '#worker/queries/export-archive';
import { asRole, createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { BASE, db, unique } from './helpers';
import { storeFile } from './matrix-fixtures';
import { pngBytes } from './upload-fixtures';
import { translateArticle, translateItem } from './translation-fixtures';

const SITE = env.SITE_URL.replace(/\/+$/, '');

const fetchExport = (query: string, cookie?: string) =>
  exports.default.fetch(new Request(`${BASE}/api/export${query}`, { headers: cookie ? { Cookie: cookie } : {} }));

interface Archive {
  names: string[];
  files: Record<string, Uint8Array>;
  text: (name: string) => string;
  lines: <T>(name: string, schema: z.ZodMiniType<T>) => T[];
}

async function download(query: string, cookie: string): Promise<Archive> {
  const res = await fetchExport(query, cookie);
  expect(res.status).toBe(200);
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  return {
    names: Object.keys(files),
    files,
    text,
    lines: (name, schema) =>
      text(name)
        .split('\n')
        .filter(Boolean)
        .map((line) => z.parse(schema, JSON.parse(line))),
  };
}

const ids = (records: { id: string }[]) => records.map((r) => r.id);

describe('GET /export: who may', () => {
  it('refuses visitors (401) and readers (403), and everyone but ADMIN the whole content (403)', async () => {
    const reader = await asRole('REGULAR_USER');
    const editor = await asRole('CLIENT');
    const anonymous = await fetchExport('');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 401 });
    expect((await fetchExport('', reader.cookie)).status).toBe(403);
    const all = await fetchExport('?scope=all', editor.cookie);
    expect(all.status).toBe(403);
    expect(await all.json()).toMatchObject({ code: 403, message: "Only an admin may export everyone's content" });
  });

  it('refuses an unknown scope or media mode with a validation error', async () => {
    const editor = await asRole('CONTRIBUTOR');
    for (const query of ['?scope=everything', '?media=zip']) {
      const res = await fetchExport(query, editor.cookie);
      expect(res.status).toBe(400);
      expect((await res.json<{ message: string }>()).message).toMatch(/^Validation error/);
    }
  });
});

describe('GET /export: how often', () => {
  it('refuses a user past 20 exports in an hour with 429 and Retry-After; others are not held back', async () => {
    const editor = await asRole('CLIENT');
    for (let i = 0; i < EXPORT_LIMIT.max; i++) {
      const res = await fetchExport('', editor.cookie);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const refused = await fetchExport('?media=include', editor.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3500);
    expect(await refused.json()).toMatchObject({ code: 429, message: EXPORT_LIMIT.message });
    const other = await asRole('CLIENT');
    const allowed = await fetchExport('', other.cookie);
    expect(allowed.status).toBe(200);
    await allowed.arrayBuffer();
    // 22 downloads one after another: past vitest's 5 s on a busy machine.
  }, 30_000);
});

describe('GET /export: contents', () => {
  it("holds the editor's own content, drafts and restricted text included, and nothing of another editor", async () => {
    const editor = await asRole('CLIENT');
    const other = await asRole('CONTRIBUTOR');
    const root = await createCategory();
    const filed = await createCategory({ parentId: root.id });
    const unrelated = await createCategory();
    const portrait = await storeFile();
    const channel = await createChannel({
      userId: editor.user.id,
      published: false,
      categoryIds: [filed.id],
      portraitKey: portrait,
    });
    const secret = unique('only-the-owner-reads-this');
    const restricted = await createArticle({
      userId: editor.user.id,
      channelId: channel.id,
      restricted: true,
      description: secret,
      categoryIds: [filed.id],
      media: { kind: 'gallery', images: [{ key: `image/${crypto.randomUUID()}.png`, title: 'First' }] },
    });
    const draft = await createArticle({ userId: editor.user.id, published: false, title: unique('Draft') });
    const news = await createNewsItem({ refKind: 'article', refId: draft.id, userId: editor.user.id });
    const otherSecret = unique('another-editors-secret');
    const othersArticle = await createArticle({
      userId: other.user.id,
      restricted: true,
      description: otherSecret,
      categoryIds: [unrelated.id],
    });
    const othersChannel = await createChannel({ userId: other.user.id });
    await createNewsItem({ refKind: 'channel', refId: othersChannel.id, userId: other.user.id });

    const archive = await download('', editor.cookie);
    expect(archive.names[0]).toBe('manifest.json');
    const manifest = z.parse(exportManifest, JSON.parse(archive.text('manifest.json')));
    expect(manifest).toMatchObject({
      formatVersion: EXPORT_FORMAT_VERSION,
      scope: 'own',
      media: 'urls',
      siteUrl: SITE,
      exportedBy: { id: editor.user.id, role: 'CLIENT' },
    });
    expect(archive.names).toEqual([
      'manifest.json',
      'categories.ndjson',
      'channels.ndjson',
      'articles.ndjson',
      'news.ndjson',
      'media.ndjson',
    ]);

    const exportedArticles = archive.lines('articles.ndjson', exportArticle);
    expect(ids(exportedArticles).sort()).toEqual([restricted.id, draft.id].sort());
    const restrictedRecord = exportedArticles.find((a) => a.id === restricted.id)!;
    expect(restrictedRecord).toMatchObject({
      restricted: true,
      description: secret,
      channelId: channel.id,
      categoryIds: [filed.id],
      userName: editor.user.name,
      media: { kind: 'gallery', items: [{ ordinal: 0, kind: 'image', title: 'First' }] },
    });
    expect(JSON.stringify(restrictedRecord.body)).toContain(secret);
    expect(exportedArticles.find((a) => a.id === draft.id)).toMatchObject({ published: false });

    expect(ids(archive.lines('channels.ndjson', exportChannel))).toEqual([channel.id]);
    expect(archive.lines('channels.ndjson', exportChannel)[0]).toMatchObject({
      published: false,
      categoryIds: [filed.id],
      portrait: { key: portrait, url: `${SITE}/api/files/${portrait}` },
    });
    expect(ids(archive.lines('news.ndjson', exportNewsItem))).toEqual([news.id]);
    // The categories the content is filed in, with their ancestors, and no other.
    expect(ids(archive.lines('categories.ndjson', exportCategory)).sort()).toEqual([root.id, filed.id].sort());

    const media = archive.lines('media.ndjson', exportMediaFile);
    const galleryKey = restrictedRecord.media!.items[0]!.file.key;
    expect(media.map((m) => m.key).sort()).toEqual([portrait, galleryKey].sort());
    for (const file of media) {
      expect(file.url).toBe(`${SITE}/api/files/${file.key}`);
      expect(file.path).toBeNull();
    }

    // Nothing of the other editor anywhere in the archive's bytes.
    const everything = Object.keys(archive.files).map(archive.text).join('\n');
    for (const foreign of [otherSecret, othersArticle.id, othersChannel.id, unrelated.id, other.user.id]) {
      expect(everything).not.toContain(foreign);
    }
  });

  it("holds every translation of the editor's items, drafts included, with slugs and versions, and no one else's", async () => {
    const editor = await asRole('CLIENT');
    const other = await asRole('CLIENT');
    const category = await createCategory();
    await translateItem('category', category.id, 'de-DE', { slug: unique('kat'), title: 'Kategorie', text: 'Text' });
    const channel = await createChannel({ userId: editor.user.id, categoryIds: [category.id] });
    await translateItem('channel', channel.id, 'de-DE', { slug: unique('kanal'), title: 'Kanal', published: false });
    const article = await createArticle({ userId: editor.user.id, channelId: channel.id, title: 'Source' });
    const germanSlug = unique('quelle');
    await translateArticle(article.id, 'de-DE', { slug: germanSlug, oldSlugs: ['zz-old', 'aa-old'], title: 'Quelle' });
    await env.DB.prepare("update articles set title = 'Source, edited' where id = ?").bind(article.id).run();
    const news = await createNewsItem({ refKind: 'article', refId: article.id, userId: editor.user.id });
    await translateItem('news', news.id, 'de-DE', { title: 'Meldung', text: 'Kurz', published: false });
    const othersSecret = unique('fremder-titel');
    const othersArticle = await createArticle({ userId: other.user.id });
    await translateArticle(othersArticle.id, 'de-DE', { slug: unique('fremd'), title: othersSecret });

    const archive = await download('', editor.cookie);
    expect(z.parse(exportManifest, JSON.parse(archive.text('manifest.json'))).languages).toEqual(['en-US', 'de-DE']);
    const [record] = archive.lines('articles.ndjson', exportArticle);
    expect(record).toMatchObject({ id: article.id, language: 'en-US', textVersion: 2 });
    expect(record!.translations).toEqual([
      expect.objectContaining({
        language: 'de-DE',
        slug: germanSlug,
        oldSlugs: ['aa-old', 'zz-old'],
        title: 'Quelle',
        published: true,
        sourceTextVersion: 1,
        version: 1,
        userId: null,
      }),
    ]);
    expect(archive.lines('channels.ndjson', exportChannel)[0]!.translations).toEqual([
      expect.objectContaining({ language: 'de-DE', name: 'Kanal', published: false, oldSlugs: [] }),
    ]);
    expect(archive.lines('news.ndjson', exportNewsItem)[0]!.translations).toEqual([
      expect.objectContaining({ language: 'de-DE', title: 'Meldung', teaser: 'Kurz', published: false }),
    ]);
    expect(archive.lines('categories.ndjson', exportCategory)[0]).toMatchObject({
      id: category.id,
      language: 'en-US',
      translations: [expect.objectContaining({ language: 'de-DE', title: 'Kategorie', description: 'Text' })],
    });
    expect(Object.keys(archive.files).map(archive.text).join('\n')).not.toContain(othersSecret);
    // ADMIN's export has the other editor's translation with its article.
    const all = await download('?scope=all', (await asRole('ADMIN')).cookie);
    const others = all.lines('articles.ndjson', exportArticle).find((a) => a.id === othersArticle.id);
    expect(others!.translations!.map((t) => t.title)).toEqual([othersSecret]);
  });

  it("gives ADMIN everyone's content with ?scope=all, and the owner's restricted text to no other editor", async () => {
    const admin = await asRole('ADMIN');
    const owner = await asRole('CLIENT');
    const stranger = await asRole('CLIENT');
    const secret = unique('restricted-text');
    const restricted = await createArticle({ userId: owner.user.id, restricted: true, description: secret });
    const strangers = await createArticle({ userId: stranger.user.id, published: false });
    const category = await createCategory();

    const all = await download('?scope=all', admin.cookie);
    expect(z.parse(exportManifest, JSON.parse(all.text('manifest.json'))).scope).toBe('all');
    const allArticles = all.lines('articles.ndjson', exportArticle);
    expect(ids(allArticles)).toEqual(expect.arrayContaining([restricted.id, strangers.id]));
    expect(allArticles.find((a) => a.id === restricted.id)!.description).toBe(secret);
    expect(ids(all.lines('categories.ndjson', exportCategory))).toContain(category.id);
    // Records in id order, each once.
    expect(ids(allArticles)).toEqual([...new Set(ids(allArticles))].sort());

    // The admin's own export holds only what the admin owns: nothing here.
    const own = await download('', admin.cookie);
    expect(own.lines('articles.ndjson', exportArticle)).toEqual([]);

    const byOwner = await download('', owner.cookie);
    expect(byOwner.text('articles.ndjson')).toContain(secret);
    const byStranger = await download('', stranger.cookie);
    expect(ids(byStranger.lines('articles.ndjson', exportArticle))).toEqual([strangers.id]);
    expect(Object.keys(byStranger.files).map(byStranger.text).join('\n')).not.toContain(secret);
  });
});

describe('GET /export: streaming', () => {
  it('answers a stream without Content-Length, whose first chunk is already the start of the archive', async () => {
    const editor = await asRole('CLIENT');
    const res = await fetchExport('', editor.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/zip');
    expect(res.headers.get('Content-Length')).toBeNull();
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="so-portal-export-own-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(res.body).toBeInstanceOf(ReadableStream);
    const reader = res.body!.getReader();
    const first = await reader.read();
    // A local file header ("PK\3\4") naming manifest.json: the archive started before the rest was read.
    expect([...first.value!.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(new TextDecoder().decode(first.value!.subarray(30, 30 + 'manifest.json'.length))).toBe('manifest.json');
    await reader.cancel();
  });

  it('exports every row of a content several pages long, each once', async () => {
    const editor = await asRole('CONTRIBUTOR');
    const count = EXPORT_PAGE_SIZES.articles * 2 + 17;
    const made: string[] = [];
    const rows = Array.from({ length: count }, (_, i) => {
      const id = crypto.randomUUID();
      made.push(id);
      return db()
        .insert(articles)
        .values({
          id,
          slug: `bulk-${id}`,
          title: `Bulk ${i}`,
          description: `Text of article ${i} `.repeat(50),
          userId: editor.user.id,
          published: i % 2 === 0,
        });
    });
    await db().batch(rows as [(typeof rows)[number], ...typeof rows]);
    for (let i = 0; i < 3; i++) await createNewsItem({ refKind: 'article', refId: made[i]!, userId: editor.user.id });

    const archive = await download('', editor.cookie);
    const exported = archive.lines('articles.ndjson', exportArticle);
    expect(exported).toHaveLength(count);
    expect(ids(exported)).toEqual([...made].sort());
    expect(exported[0]!.description).toMatch(/^Text of article \d+ /);
    expect(archive.lines('news.ndjson', exportNewsItem)).toHaveLength(3);
  });
});

describe('GET /export?media=include', () => {
  it('puts the files in the archive byte for byte, once each, and lists a file missing from storage by URL only', async () => {
    const editor = await asRole('CLIENT');
    const thumbnail = await storeFile();
    const picture = await storeFile();
    const absent = `image/${crypto.randomUUID()}.png`;
    await createArticle({
      userId: editor.user.id,
      thumbnailKey: thumbnail,
      media: { kind: 'gallery', images: [{ key: picture }, { key: absent }] },
    });
    // The same file shown twice is one entry.
    await createNewsItem({
      refKind: 'article',
      refId: (await createArticle({ userId: editor.user.id })).id,
      userId: editor.user.id,
      thumbnailKey: picture,
    });

    const archive = await download('?media=include', editor.cookie);
    expect(z.parse(exportManifest, JSON.parse(archive.text('manifest.json'))).media).toBe('include');
    expect(archive.files[`media/${thumbnail}`]).toEqual(pngBytes());
    expect(archive.files[`media/${picture}`]).toEqual(pngBytes());
    expect(archive.names.filter((n) => n.startsWith('media/')).sort()).toEqual(
      [`media/${thumbnail}`, `media/${picture}`].sort(),
    );
    const index = archive.lines('media.ndjson', exportMediaFile);
    expect(index.map((f) => [f.key, f.path]).sort()).toEqual(
      [
        [thumbnail, `media/${thumbnail}`],
        [picture, `media/${picture}`],
        [absent, null],
      ].sort(),
    );
    // media.ndjson comes last: it says what the archive holds.
    expect(archive.names.at(-1)).toBe('media.ndjson');
    expect(await env.FILES.head(absent)).toBeNull();
  });
});

describe('exportArchive: the limits of media=include', () => {
  it('includes files in key order until a limit, and lists every later one by URL only', async () => {
    const editor = await asRole('CLIENT');
    const keys = await Promise.all(Array.from({ length: 4 }, () => storeFile()));
    await createArticle({ userId: editor.user.id, media: { kind: 'gallery', images: keys.map((key) => ({ key })) } });
    const sorted = [...keys].sort();
    const options = {
      viewer: { id: editor.user.id, name: editor.user.name, role: editor.user.role },
      scope: 'own' as const,
      media: 'include' as const,
      siteUrl: SITE,
      now: new Date(),
    };
    const unpack = async (mediaLimits: { maxFiles: number; maxBytes: number }) => {
      const stream = exportArchive(db(), env.FILES, { ...options, mediaLimits }, (err) => {
        throw err;
      });
      const files = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
      const index = new TextDecoder()
        .decode(files['media.ndjson'])
        .split('\n')
        .filter(Boolean)
        .map((line) => z.parse(exportMediaFile, JSON.parse(line)));
      const manifest = z.parse(exportManifest, JSON.parse(new TextDecoder().decode(files['manifest.json'])));
      return { names: Object.keys(files).filter((n) => n.startsWith('media/')), index, manifest };
    };

    const byCount = await unpack({ maxFiles: 2, maxBytes: 1_000_000 });
    expect(byCount.manifest.mediaLimits).toEqual({ maxFiles: 2, maxBytes: 1_000_000 });
    expect(byCount.names).toEqual(sorted.slice(0, 2).map((k) => `media/${k}`));
    expect(byCount.index.map((f) => f.path)).toEqual([`media/${sorted[0]}`, `media/${sorted[1]}`, null, null]);

    const size = pngBytes().length;
    const byBytes = await unpack({ maxFiles: 100, maxBytes: size * 3 - 1 });
    expect(byBytes.names).toEqual(sorted.slice(0, 2).map((k) => `media/${k}`));
    expect(byBytes.index.filter((f) => f.path === null).map((f) => f.key)).toEqual(sorted.slice(2));
  });
});

describe('the export reads', () => {
  // An owner's page must be an index range in id order, not all of the owner's rows sorted for every page.
  it.each([
    ['articles', articlesPageQuery, 'articles_user'],
    ['channels', channelsPageQuery, 'channels_user'],
    ['news', newsPageQuery, 'news_user'],
  ] as const)("reads a page of one owner's %s from the owner's index, without a sort", async (_name, query, index) => {
    const built = query(db(), crypto.randomUUID(), crypto.randomUUID(), 100).toSQL();
    const plan = await env.DB.prepare(`explain query plan ${built.sql}`)
      .bind(...built.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join('\n');
    expect(details).toContain(`USING INDEX ${index}`);
    expect(details).not.toContain('TEMP B-TREE');
  });

  // A page's translations: a range of the translation table's primary key, in its order, whatever the page's size.
  it.each(['article', 'channel', 'category', 'news'] as const)(
    "reads a page's %s translations as a range of their primary key, without a sort",
    async (kind) => {
      for (const owner of [null, crypto.randomUUID()]) {
        const built = new SQLiteAsyncDialect().sqlToQuery(
          translationsPageSql(kind, owner, crypto.randomUUID(), crypto.randomUUID()),
        );
        expect(built.params.length).toBeLessThan(10);
        const plan = await env.DB.prepare(`explain query plan ${built.sql}`)
          .bind(...built.params)
          .all<{ detail: string }>();
        const details = plan.results.map((r) => r.detail).join('\n');
        expect(details).toMatch(
          /SEARCH t USING (PRIMARY KEY|INDEX sqlite_autoindex_\w+_translations_1) \(\w+_id>\? AND \w+_id<\?\)/,
        );
        expect(details).not.toContain('TEMP B-TREE');
      }
    },
  );
});

describe('zipStream', () => {
  it('reads nothing ahead of its reader: a chunk is made when one is asked for', async () => {
    const made: string[] = [];
    async function* content(name: string) {
      for (let i = 0; i < 3; i++) {
        made.push(`${name}:${i}`);
        yield new TextEncoder().encode(`${name} part ${i}\n`);
      }
    }
    async function* entries() {
      yield { name: 'a.txt', content: content('a') };
      yield { name: 'b.txt', content: content('b') };
    }
    const reader = zipStream(entries(), { modified: new Date() }).getReader();
    // After each chunk read, at most the one content chunk being written has been made beyond those delivered.
    let delivered = 0;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      if (new TextDecoder().decode(next.value).includes(' part ')) delivered += 1;
      expect(made.length).toBeLessThanOrEqual(delivered + 1);
    }
    expect(delivered).toBe(6);
    expect(made).toEqual(['a:0', 'a:1', 'a:2', 'b:0', 'b:1', 'b:2']);
  });
});
