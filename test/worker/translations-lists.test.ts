// Lists in the reader's language (issue 29, decision 056): each article of a list shows its published translation of
// the request's language, else its own text (item by item); a draft translation never shows; English is unchanged.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '#worker/index';
import { asRole, createArticle, createCategory, createChannel } from './content-factories';
import { BASE, call, createUser } from './helpers';
import { translateArticle } from './translation-fixtures';

interface Item {
  id: string;
  slug: string;
  title: string;
  teaser: string;
  language?: string;
}

/** Three articles of a list: one with a published German translation, one without, one with a German draft. */
async function threeArticles(
  o: { channelId?: string; categoryIds?: string[]; publishedAtCategory?: boolean; userId?: string } = {},
) {
  const base = { ...o, createdAt: Date.now() };
  const translated = await createArticle({ ...base, title: 'Street', teaser: 'A street' });
  const untranslated = await createArticle({ ...base, title: 'Bridge', teaser: 'A bridge' });
  const drafted = await createArticle({ ...base, title: 'Tower', teaser: 'A tower' });
  const { slug } = await translateArticle(translated.id, 'de-DE', { title: 'Straße', teaser: 'Eine Straße' });
  await translateArticle(drafted.id, 'de-DE', { title: 'Turm', teaser: 'Ein Turm', published: false });
  return { translated: { ...translated, deSlug: slug }, untranslated, drafted };
}

async function listOf(path: string, lang: string): Promise<Map<string, Item>> {
  const res = await call(`${path}${path.includes('?') ? '&' : '?'}limit=50&lang=${lang}`);
  expect(res.status).toBe(200);
  const items = res.body.result.items as Item[];
  return new Map(items.map((i) => [i.id, i]));
}

async function expectListInLanguage(path: string, a: Awaited<ReturnType<typeof threeArticles>>) {
  const german = await listOf(path, 'de');
  expect(german.get(a.translated.id)).toMatchObject({
    title: 'Straße',
    teaser: 'Eine Straße',
    slug: a.translated.deSlug,
    language: 'de-DE',
  });
  expect(german.get(a.untranslated.id)).toMatchObject({ title: 'Bridge', teaser: 'A bridge', language: 'en-US' });
  expect(german.get(a.drafted.id)).toMatchObject({ title: 'Tower', teaser: 'A tower', language: 'en-US' });
  const english = await listOf(path, 'en');
  expect(english.get(a.translated.id)).toMatchObject({
    title: 'Street',
    teaser: 'A street',
    slug: a.translated.slug,
    language: 'en-US',
  });
  expect(english.get(a.untranslated.id)).toMatchObject({ title: 'Bridge', language: 'en-US' });
  expect(english.get(a.drafted.id)).toMatchObject({ title: 'Tower', language: 'en-US' });
}

/** The D1 round trips and statements of a list's answer (Server-Timing, edge cache off). */
async function counts(path: string, language: string) {
  const res = await worker.fetch(
    new Request(`${BASE}/api${path}`, { headers: { 'Accept-Language': language } }),
    { ...env, BENCH_TIMING: '1', EDGE_CACHE: 'off' },
    createExecutionContext(),
  );
  expect(res.status).toBe(200);
  const m = /^d1;desc="(\d+) round trips?, (\d+) statements?/.exec(res.headers.get('Server-Timing') ?? '');
  return { trips: Number(m?.[1]), statements: Number(m?.[2]) };
}

describe("lists in the reader's language", () => {
  it('GET /articles: the German list shows published German translations, else the English text', async () => {
    await expectListInLanguage('/articles', await threeArticles());
    expect(await counts('/articles', 'de-DE')).toEqual(await counts('/articles', 'en-US'));
  });

  it("a channel's articles: German where published in German, else English; as many statements", async () => {
    const channel = await createChannel();
    await expectListInLanguage(`/channels/${channel.id}/articles`, await threeArticles({ channelId: channel.id }));
    const path = `/channels/${channel.id}/articles`;
    expect(await counts(path, 'de-DE')).toEqual(await counts(path, 'en-US'));
  });

  it("a category's articles and children: German where published in German, else English; as many statements", async () => {
    const category = await createCategory();
    const articles = await threeArticles({ categoryIds: [category.id], publishedAtCategory: true });
    const path = `/categories/${category.id}/articles`;
    await expectListInLanguage(path, articles);
    expect(await counts(path, 'de-DE')).toEqual(await counts(path, 'en-US'));
    const children = await call(`/categories/${category.id}/children?lang=de`);
    const titles = new Map((children.body.result.articles as Item[]).map((i) => [i.id, i.title]));
    expect(titles.get(articles.translated.id)).toBe('Straße');
    expect(titles.get(articles.untranslated.id)).toBe('Bridge');
    expect(titles.get(articles.drafted.id)).toBe('Tower');
    const childrenPath = `/categories/${category.id}/children`;
    expect(await counts(childrenPath, 'de-DE')).toEqual(await counts(childrenPath, 'en-US'));
  });

  it("an author's articles: German where published in German, else English; as many statements", async () => {
    const author = await createUser({ role: 'CLIENT' });
    const path = `/authors/${author.name}/articles`;
    await expectListInLanguage(path, await threeArticles({ userId: author.id }));
    expect(await counts(path, 'de-DE')).toEqual(await counts(path, 'en-US'));
  });

  it('never lays a translation over an unpublished article: its owner sees it in its own text', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id, title: 'Draft street', published: false });
    await translateArticle(article.id, 'de-DE', { title: 'Entwurfsstraße' });
    const res = await owner.call('/articles?limit=50&lang=de');
    const item = (res.body.result.items as Item[]).find((i) => i.id === article.id);
    expect(item).toMatchObject({ title: 'Draft street', language: 'en-US' });
  });
});
