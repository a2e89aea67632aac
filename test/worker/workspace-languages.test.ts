// The workspace lists' languages (issue 29): each row's source language and translations (state, outdated), and
// the "missing in …" / "outdated in …" filters, validated against the configured languages.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles, articleTranslations, channelTranslations, newsTranslations } from '#schema/tables';
import { workspaceArticlePage, workspaceChannelPage, workspaceNewsPage } from '#schema/workspace';
import { asRole, createArticle, createChannel, createNewsItem } from './content-factories';
import { db, unique } from './helpers';

const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id).sort();

async function translateArticle(articleId: string, language: string, published = false) {
  await db()
    .insert(articleTranslations)
    .values({ articleId, language, slug: unique('de-slug'), title: 'Übersetzt', sourceTextVersion: 1, published });
}

describe('GET /workspace/articles with languages', () => {
  it("carries each row's translations and filters by missing and outdated languages", async () => {
    const editor = await asRole('CLIENT');
    const tag = unique('lang');
    const untranslated = await createArticle({ userId: editor.user.id, title: `${tag} none` });
    const current = await createArticle({ userId: editor.user.id, title: `${tag} current` });
    const stale = await createArticle({ userId: editor.user.id, title: `${tag} stale` });
    await translateArticle(current.id, 'de-DE', true);
    await translateArticle(stale.id, 'de-DE');
    // The source text changes after the translation: the trigger raises text_version, the translation is outdated.
    await db()
      .update(articles)
      .set({ title: `${tag} stale, rewritten` })
      .where(eq(articles.id, stale.id));

    const all = workspaceArticlePage.parse((await editor.call(`/workspace/articles?q=${tag}`)).body.result);
    const row = (id: string) => all.items.find((i) => i.id === id)!;
    expect(row(untranslated.id)).toMatchObject({ sourceLanguage: 'en-US', translations: [] });
    expect(row(current.id).translations).toEqual([
      { language: 'de-DE', slug: expect.any(String), state: 'published', outdated: false },
    ]);
    expect(row(stale.id).translations).toEqual([
      { language: 'de-DE', slug: expect.any(String), state: 'draft', outdated: true },
    ]);

    const missing = await editor.call(`/workspace/articles?q=${tag}&missing=de-DE`);
    expect(missing.status).toBe(200);
    expect(ids(workspaceArticlePage.parse(missing.body.result))).toEqual([untranslated.id]);
    // The short tag in any case names the same language.
    const outdated = await editor.call(`/workspace/articles?q=${tag}&outdated=DE`);
    expect(outdated.status).toBe(200);
    expect(ids(workspaceArticlePage.parse(outdated.body.result))).toEqual([stale.id]);
    // Nothing is missing in the language the articles are written in.
    const source = await editor.call(`/workspace/articles?q=${tag}&missing=en-US`);
    expect(workspaceArticlePage.parse(source.body.result).items).toEqual([]);
  });

  it('refuses a language that is not configured, on its field', async () => {
    const editor = await asRole('CLIENT');
    for (const field of ['missing', 'outdated']) {
      const res = await editor.call(`/workspace/articles?${field}=fr-FR`);
      expect(res.status).toBe(400);
      expect(res.body.result.issues).toEqual([
        { path: [field], code: 'invalid_value', message: 'Not a configured language' },
      ]);
    }
    const tooLong = await editor.call(`/workspace/news?missing=${'x'.repeat(40)}`);
    expect(tooLong.status).toBe(400);
  });
});

describe('GET /workspace/channels and /workspace/news with languages', () => {
  it('filter by missing and outdated translations and carry them per row', async () => {
    const editor = await asRole('CLIENT');
    const tag = unique('langc');
    const translated = await createChannel({ userId: editor.user.id, name: `${tag} one` });
    const untranslated = await createChannel({ userId: editor.user.id, name: `${tag} two` });
    await db()
      .insert(channelTranslations)
      .values({
        channelId: translated.id,
        language: 'de-DE',
        slug: unique('kanal'),
        name: 'Kanal',
        sourceTextVersion: 1,
      });
    const channels = await editor.call(`/workspace/channels?q=${tag}&missing=de`);
    expect(ids(workspaceChannelPage.parse(channels.body.result))).toEqual([untranslated.id]);
    const all = workspaceChannelPage.parse((await editor.call(`/workspace/channels?q=${tag}`)).body.result);
    expect(all.items.find((c) => c.id === translated.id)!.translations).toEqual([
      { language: 'de-DE', slug: expect.any(String), state: 'draft', outdated: false },
    ]);

    const newsTag = unique('langn');
    const item = await createNewsItem({
      userId: editor.user.id,
      title: `${newsTag} a`,
      refKind: 'channel',
      refId: translated.id,
    });
    const other = await createNewsItem({
      userId: editor.user.id,
      title: `${newsTag} b`,
      refKind: 'channel',
      refId: translated.id,
    });
    await db()
      .insert(newsTranslations)
      .values({ newsId: item.id, language: 'de-DE', title: 'Nachricht', sourceTextVersion: 0 });
    const outdated = workspaceNewsPage.parse(
      (await editor.call(`/workspace/news?q=${newsTag}&outdated=de-DE`)).body.result,
    );
    expect(ids(outdated)).toEqual([item.id]);
    expect(outdated.items[0]!.translations).toEqual([
      { language: 'de-DE', slug: null, state: 'draft', outdated: true },
    ]);
    const missing = workspaceNewsPage.parse(
      (await editor.call(`/workspace/news?q=${newsTag}&missing=de-DE`)).body.result,
    );
    expect(ids(missing)).toEqual([other.id]);
  });
});
