// Article translations through the real fetch handler (issue 29, decision 054): create, read, save, delete; the
// language rules (400), duplicates and taken slugs (409), the stale version's 409, the outdated mark, revisions and
// audit entries naming the language, and nothing half-written.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { articles, articleTranslations, auditLog, revisions, translationSlugs } from '#schema/tables';
import { asRole, createArticle } from './content-factories';
import { BASE, db } from './helpers';

const para = (text: string) => ({
  version: 1,
  children: [{ type: 'paragraph', children: [{ type: 'text', text }] }],
});

async function ownArticle(published = true) {
  const owner = await asRole('CLIENT');
  const article = await createArticle({ userId: owner.user.id, published, title: 'Road works' });
  return { owner, article };
}

describe('article translations', () => {
  it('creates a German translation with a slug made from its title, and reads it back as its editor sees it', async () => {
    const { owner, article } = await ownArticle();
    const res = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de', title: 'Straßenbau', teaser: 'Kurz', body: para('Hallo Welt') },
    });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.result).toMatchObject({
      itemId: article.id,
      language: 'de-DE',
      slug: 'strassenbau',
      title: 'Straßenbau',
      teaser: 'Kurz',
      description: 'Hallo Welt',
      state: 'draft',
      outdated: false,
      version: 1,
      sourceTextVersion: 1,
      mediaTitles: {},
    });
    const got = await owner.call(`/articles/${article.id}/translations/de-DE`);
    expect(got.status).toBe(200);
    expect(got.body.result).toEqual(res.body.result);
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, article.id)).all();
    expect(entries.map((e) => [e.action, e.language])).toEqual([['created', 'de-DE']]);
    const revs = await db().select().from(revisions).where(eq(revisions.entityId, article.id)).all();
    expect(revs.map((r) => [r.version, r.language])).toEqual([[1, 'de-DE']]);
  });

  it('refuses a language that is not configured, the item’s own language, and a second translation', async () => {
    const { owner, article } = await ownArticle();
    const fr = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'fr-FR', title: 'Travaux' },
    });
    expect(fr.status).toBe(400);
    expect(fr.body.result.issues).toEqual([
      expect.objectContaining({ path: ['language'], code: 'language_not_configured' }),
    ]);
    const en = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'en-US', title: 'Road works again' },
    });
    expect(en.status).toBe(400);
    expect(en.body.result.issues[0].code).toBe('language_is_source');
    const first = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Baustelle' },
    });
    expect(first.status).toBe(201);
    const second = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de', title: 'Noch eine Baustelle' },
    });
    expect(second.status).toBe(409);
    const rows = await db()
      .select()
      .from(articleTranslations)
      .where(eq(articleTranslations.articleId, article.id))
      .all();
    expect(rows.map((r) => r.title)).toEqual(['Baustelle']);
    const slugRows = await db().select().from(translationSlugs).where(eq(translationSlugs.entityId, article.id)).all();
    expect(slugRows.map((s) => s.slug)).toEqual(['baustelle']);
  });

  it('chooses slugs per language: a taken chosen slug is 409, a generated one the first free', async () => {
    const { owner, article } = await ownArticle();
    const other = await createArticle({ userId: owner.user.id, published: true });
    const third = await createArticle({ userId: owner.user.id, published: true });
    const a = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Gleicher Titel' },
    });
    expect(a.body.result.slug).toBe('gleicher-titel');
    const taken = await owner.call(`/articles/${other.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Anders', slug: 'gleicher-titel' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.result.issues[0]).toMatchObject({ path: ['slug'], code: 'slug_taken' });
    expect(
      await db().select().from(articleTranslations).where(eq(articleTranslations.articleId, other.id)).all(),
    ).toEqual([]);
    const generated = await owner.call(`/articles/${third.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Gleicher Titel' },
    });
    expect(generated.body.result.slug).toBe('gleicher-titel-2');
  });

  it('saves with the version: a new slug keeps the old one, a stale version is 409 with nothing written', async () => {
    const { owner, article } = await ownArticle();
    const created = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Erster Titel' },
    });
    const saved = await owner.call(`/articles/${article.id}/translations/de`, {
      method: 'PUT',
      body: { version: created.body.result.version, title: 'Zweiter Titel', slug: 'zweiter-titel' },
    });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.result).toMatchObject({ title: 'Zweiter Titel', slug: 'zweiter-titel', version: 2 });
    const slugRows = await db()
      .select({ slug: translationSlugs.slug, current: translationSlugs.current })
      .from(translationSlugs)
      .where(eq(translationSlugs.entityId, article.id))
      .orderBy(translationSlugs.slug)
      .all();
    expect(slugRows).toEqual([
      { slug: 'erster-titel', current: false },
      { slug: 'zweiter-titel', current: true },
    ]);
    const stale = await owner.call(`/articles/${article.id}/translations/de-DE`, {
      method: 'PUT',
      body: { version: 1, title: 'Verloren' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    const row = await db()
      .select()
      .from(articleTranslations)
      .where(and(eq(articleTranslations.articleId, article.id), eq(articleTranslations.language, 'de-DE')))
      .get();
    expect(row).toMatchObject({ title: 'Zweiter Titel', version: 2 });
    const revs = await db().select().from(revisions).where(eq(revisions.entityId, article.id)).all();
    expect(revs.map((r) => [r.version, r.language]).sort()).toEqual([
      [1, 'de-DE'],
      [2, 'de-DE'],
    ]);
    const updated = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, article.id), eq(auditLog.action, 'updated')))
      .all();
    expect(updated.map((e) => [e.language, e.fields])).toEqual([['de-DE', ['title', 'slug']]]);
  });

  it('is outdated once the source text changes, and a save clears the mark', async () => {
    const { owner, article } = await ownArticle();
    await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Alt' },
    });
    const change = await owner.call(`/articles/${article.id}`, { method: 'PUT', body: { title: 'Road works ahead' } });
    expect(change.status).toBe(200);
    const outdated = await owner.call(`/articles/${article.id}/translations/de-DE`);
    expect(outdated.body.result).toMatchObject({ outdated: true, sourceTextVersion: 1 });
    const saved = await owner.call(`/articles/${article.id}/translations/de-DE`, {
      method: 'PUT',
      body: { title: 'Neu' },
    });
    expect(saved.body.result).toMatchObject({ outdated: false, sourceTextVersion: 2 });
  });

  it('refuses media titles of media the article does not have', async () => {
    const { owner, article } = await ownArticle();
    const res = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Bilder', mediaTitles: { [crypto.randomUUID()]: 'Ein Bild' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.result.issues[0].code).toBe('media_not_found');
    expect(
      await db().select().from(articleTranslations).where(eq(articleTranslations.articleId, article.id)).all(),
    ).toEqual([]);
  });

  it('publishes directly only for ADMIN, and only while the article is public', async () => {
    const { owner, article } = await ownArticle(false);
    const refused = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Entwurf', published: true },
    });
    expect(refused.status).toBe(403);
    await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Entwurf' },
    });
    const admin = await asRole('ADMIN');
    const notPublic = await admin.call(`/articles/${article.id}/translations/de-DE`, {
      method: 'PUT',
      body: { published: true },
    });
    expect(notPublic.status).toBe(409);
    expect(notPublic.body.message).toMatch(/publish the item first/);
    await db().update(articles).set({ published: true }).where(eq(articles.id, article.id));
    const published = await admin.call(`/articles/${article.id}/translations/de-DE`, {
      method: 'PUT',
      body: { published: true },
    });
    expect(published.body.result.state).toBe('published');
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, article.id), eq(auditLog.action, 'published')))
      .all();
    expect(entries.map((e) => e.language)).toEqual(['de-DE']);
  });

  it('deletes a translation with its slugs and revisions; the article stays; deleting the article takes them', async () => {
    const { owner, article } = await ownArticle();
    await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Weg' },
    });
    // 204 has no envelope: read it raw.
    const res = await exports.default.fetch(
      new Request(`${BASE}/api/articles/${article.id}/translations/de-DE`, {
        method: 'DELETE',
        headers: { Cookie: owner.cookie },
      }),
    );
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const raw = await db()
      .select()
      .from(articleTranslations)
      .where(eq(articleTranslations.articleId, article.id))
      .all();
    expect(raw).toEqual([]);
    expect(await db().select().from(translationSlugs).where(eq(translationSlugs.entityId, article.id)).all()).toEqual(
      [],
    );
    const revs = await db().select().from(revisions).where(eq(revisions.entityId, article.id)).all();
    expect(revs).toEqual([]);
    expect(await db().select().from(articles).where(eq(articles.id, article.id)).get()).toBeTruthy();
    const gone = await owner.call(`/articles/${article.id}/translations/de-DE`);
    expect(gone.status).toBe(404);

    await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Wieder' },
    });
    const del = await owner.call(`/articles/${article.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(
      await db().select().from(articleTranslations).where(eq(articleTranslations.articleId, article.id)).all(),
    ).toEqual([]);
    expect(await db().select().from(translationSlugs).where(eq(translationSlugs.entityId, article.id)).all()).toEqual(
      [],
    );
  });

  it('lets only the owner and ADMIN write, as the article itself', async () => {
    const { article } = await ownArticle();
    const stranger = await asRole('CONTRIBUTOR');
    const res = await stranger.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Fremd' },
    });
    expect(res.status).toBe(403);
    const admin = await asRole('ADMIN');
    const byAdmin = await admin.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Vom Admin' },
    });
    expect(byAdmin.status).toBe(201);
  });
});
