// A translation's revisions through the revisions API (issue 29, decisions 029 and 054): every translation save is a
// revision naming its language; `?language=` lists and reads them apart from the item's own; a restore saves the
// revision's text as the translation's next version in one batch (version check, revision, audit entry with the
// language), leaving its state and the item alone.
import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { articleTranslations, articleMedia, auditLog, revisions } from '#schema/tables';
import { asRole, createArticle, createChannel, createNewsItem } from './content-factories';
import { db } from './helpers';

const para = (text: string) => ({
  version: 1,
  children: [{ type: 'paragraph', children: [{ type: 'text', text }] }],
});

async function translatedArticle() {
  const owner = await asRole('CLIENT');
  const article = await createArticle({
    userId: owner.user.id,
    title: 'Road works',
    media: {
      kind: 'gallery',
      images: [
        { title: 'Digger', key: 'image/a.png' },
        { title: 'Cone', key: 'image/b.png' },
      ],
    },
  });
  const media = await db().select().from(articleMedia).where(eq(articleMedia.articleId, article.id)).all();
  const base = `/articles/${article.id}/translations`;
  const created = await owner.call(base, {
    method: 'POST',
    body: { language: 'de', title: 'Baustelle', body: para('Erster Text'), mediaTitles: { [media[0]!.id]: 'Bagger' } },
  });
  expect(created.status, created.body.message).toBe(201);
  for (const [version, title] of [
    [1, 'Straßenbau'],
    [2, 'Straßenbau heute'],
  ] as const) {
    const saved = await owner.call(`${base}/de-DE`, {
      method: 'PUT',
      body: { version, title, body: para(`Text ${version + 1}`), mediaTitles: { [media[0]!.id]: `Bagger ${version}` } },
    });
    expect(saved.status, saved.body.message).toBe(200);
  }
  return { owner, article, media, base };
}

describe("a translation's revisions", () => {
  it('lists each save of the translation under ?language=, apart from the item’s own revisions', async () => {
    const { owner, article } = await translatedArticle();
    const list = await owner.call(`/revisions/article/${article.id}?language=DE`);
    expect(list.status, list.body.message).toBe(200);
    expect(list.body.result.map((r: { version: number }) => r.version)).toEqual([3, 2, 1]);
    const own = await owner.call(`/revisions/article/${article.id}`);
    expect(own.status).toBe(200);
    expect(own.body.result).toEqual([]);
    const first = list.body.result[2];
    const one = await owner.call(`/revisions/article/${article.id}/${first.id}?language=de-DE`);
    expect(one.status).toBe(200);
    expect(one.body.result.fields).toMatchObject({ title: 'Baustelle', description: 'Erster Text', published: false });
    // Without its language it is not one of the item's revisions.
    expect((await owner.call(`/revisions/article/${article.id}/${first.id}`)).status).toBe(404);
  });

  it('restores a revision as the translation’s next save, with a revision and an audit entry naming the language', async () => {
    const { owner, article, media, base } = await translatedArticle();
    const list = await owner.call(`/revisions/article/${article.id}?language=de-DE`);
    const first = list.body.result.find((r: { version: number }) => r.version === 1);
    const restored = await owner.call(`/revisions/article/${article.id}/${first.id}/restore?language=de`, {
      method: 'POST',
      body: { version: 3 },
    });
    expect(restored.status, restored.body.message).toBe(200);
    expect(restored.body.result).toMatchObject({
      itemId: article.id,
      language: 'de-DE',
      title: 'Baustelle',
      description: 'Erster Text',
      mediaTitles: { [media[0]!.id]: 'Bagger' },
      state: 'draft',
      version: 4,
    });
    expect((await owner.call(`${base}/de-DE`)).body.result.title).toBe('Baustelle');
    const revs = await db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.entityId, article.id), eq(revisions.language, 'de-DE')))
      .all();
    expect(revs.map((r) => r.version).sort()).toEqual([1, 2, 3, 4]);
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, article.id)).all();
    // Two saves and the restore, each an update of the translation naming its language.
    expect(entries.filter((e) => e.action === 'updated').map((e) => e.language)).toEqual(['de-DE', 'de-DE', 'de-DE']);
    // The item itself did not move.
    const itemRevs = await db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.entityId, article.id), isNull(revisions.language)))
      .all();
    expect(itemRevs).toEqual([]);
  });

  it('refuses a stale version with nothing written, and leaves out titles of media removed since', async () => {
    const { owner, article, media } = await translatedArticle();
    const list = await owner.call(`/revisions/article/${article.id}?language=de-DE`);
    const first = list.body.result.find((r: { version: number }) => r.version === 1);
    const stale = await owner.call(`/revisions/article/${article.id}/${first.id}/restore?language=de-DE`, {
      method: 'POST',
      body: { version: 2 },
    });
    expect(stale.status).toBe(409);
    const row = await db()
      .select()
      .from(articleTranslations)
      .where(eq(articleTranslations.articleId, article.id))
      .get();
    expect(row).toMatchObject({ version: 3, title: 'Straßenbau heute' });
    expect((await owner.call(`/revisions/article/${article.id}?language=de-DE`)).body.result).toHaveLength(3);

    await db().delete(articleMedia).where(eq(articleMedia.id, media[0]!.id));
    const restored = await owner.call(`/revisions/article/${article.id}/${first.id}/restore?language=de-DE`, {
      method: 'POST',
      body: { version: 3 },
    });
    expect(restored.status, restored.body.message).toBe(200);
    expect(restored.body.result.mediaTitles).toEqual({});
  });

  it('answers 400 for a language that is not configured, 403 to someone else and 404 for a foreign revision', async () => {
    const { owner, article } = await translatedArticle();
    const fr = await owner.call(`/revisions/article/${article.id}?language=fr-FR`);
    expect(fr.status).toBe(400);
    expect(fr.body.result.issues[0]).toMatchObject({ path: ['language'], code: 'language_not_configured' });
    const other = await asRole('CLIENT');
    expect((await other.call(`/revisions/article/${article.id}?language=de-DE`)).status).toBe(403);
    const list = await owner.call(`/revisions/article/${article.id}?language=de-DE`);
    const another = await createArticle({ userId: owner.user.id });
    const foreign = await owner.call(`/revisions/article/${another.id}/${list.body.result[0].id}/restore?language=de`, {
      method: 'POST',
      body: {},
    });
    expect(foreign.status).toBe(404);
  });

  it('keeps and restores revisions of channel and news translations too', async () => {
    const owner = await asRole('CLIENT');
    const channel = await createChannel({ userId: owner.user.id });
    const item = await createNewsItem({ refKind: 'channel', refId: channel.id, userId: owner.user.id });
    for (const [kind, type, id, first, second] of [
      ['channels', 'channel', channel.id, { name: 'Kanal' }, { name: 'Kanal neu' }],
      ['news', 'news', item.id, { title: 'Nachricht' }, { title: 'Nachricht neu' }],
    ] as const) {
      expect(
        (await owner.call(`/${kind}/${id}/translations`, { method: 'POST', body: { language: 'de', ...first } }))
          .status,
      ).toBe(201);
      const saved = await owner.call(`/${kind}/${id}/translations/de`, {
        method: 'PUT',
        body: { version: 1, ...second },
      });
      expect(saved.status, saved.body.message).toBe(200);
      const list = await owner.call(`/revisions/${type}/${id}?language=de`);
      expect(list.body.result.map((r: { version: number }) => r.version)).toEqual([2, 1]);
      const restored = await owner.call(`/revisions/${type}/${id}/${list.body.result[1].id}/restore?language=de`, {
        method: 'POST',
        body: { version: 2 },
      });
      expect(restored.status, restored.body.message).toBe(200);
      expect(restored.body.result).toMatchObject({ ...first, version: 3, language: 'de-DE' });
    }
  });
});
