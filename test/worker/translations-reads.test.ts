// The API's language (issue 29, decision 056): `lang`, Accept-Language or the default; answers say which, and the
// edge cache keeps one copy per language. An article read in a language overlays its published translation.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '#worker/index';
import { asRole, createArticle } from './content-factories';
import { BASE, call } from './helpers';
import { translateArticle } from './translation-fixtures';

/** A request through the worker's fetch handler, once its cache write (waitUntil) is done. */
async function read(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(BASE + '/api' + path, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const titleOf = async (res: Response) =>
  (await res.json<{ result: { title: string; language: string } }>()).result;

describe("the request's language", () => {
  it('refuses a language that is not configured, in the envelope, on the field lang', async () => {
    const article = await createArticle();
    const res = await call(`/articles/${article.id}?lang=fr`);
    expect(res.status).toBe(400);
    expect(res.body.result.issues).toEqual([expect.objectContaining({ path: ['lang'], code: 'unknown_language' })]);
  });

  it('takes lang in full or short form, any case, over Accept-Language; else Accept-Language; else the default', async () => {
    const article = await createArticle({ title: 'Street' });
    await translateArticle(article.id, 'de-DE', { title: 'Straße' });
    for (const lang of ['de', 'DE', 'de-DE', 'de-de']) {
      const res = await call(`/articles/${article.id}?lang=${lang}`, { headers: { 'Accept-Language': 'en-US' } });
      expect(res.body.result.title).toBe('Straße');
      expect(res.headers.get('Content-Language')).toBe('de-DE');
    }
    const byHeader = await call(`/articles/${article.id}`, { headers: { 'Accept-Language': 'de-AT,de;q=0.9' } });
    expect(byHeader.body.result).toMatchObject({ title: 'Straße', language: 'de-DE', sourceLanguage: 'en-US' });
    expect(byHeader.headers.get('Vary')).toContain('Accept-Language');
    const byDefault = await call(`/articles/${article.id}`, { headers: { 'Accept-Language': 'fr-FR' } });
    expect(byDefault.body.result).toMatchObject({ title: 'Street', language: 'en-US' });
    expect(byDefault.headers.get('Content-Language')).toBe('en-US');
  });

  it('keeps one edge copy per language: a German answer never answers an English request', async () => {
    const article = await createArticle({ title: 'Cached street' });
    await translateArticle(article.id, 'de-DE', { title: 'Zwischengespeicherte Straße' });
    const german = await read(`/articles/${article.id}`, { headers: { 'Accept-Language': 'de-DE' } });
    expect(german.headers.get('X-Edge-Cache')).toBe('MISS');
    expect((await titleOf(german)).title).toBe('Zwischengespeicherte Straße');
    const germanAgain = await read(`/articles/${article.id}`, { headers: { 'Accept-Language': 'de' } });
    expect(germanAgain.headers.get('X-Edge-Cache')).toBe('HIT');
    expect(germanAgain.headers.get('Content-Language')).toBe('de-DE');
    const english = await read(`/articles/${article.id}`, { headers: { 'Accept-Language': 'en-US' } });
    expect(english.headers.get('X-Edge-Cache')).toBe('MISS');
    expect(await titleOf(english)).toMatchObject({ title: 'Cached street', language: 'en-US' });
    const viaLang = await read(`/articles/${article.id}?lang=en`, { headers: { 'Accept-Language': 'de-DE' } });
    expect((await titleOf(viaLang)).title).toBe('Cached street');
  });
});

describe('an article in a language', () => {
  it('overlays the published translation: title, teaser, text, slug and picture titles; lists the translations', async () => {
    const article = await createArticle({
      title: 'Gallery',
      media: { kind: 'gallery', images: [{ key: `k-${crypto.randomUUID()}`, title: 'A tree' }] },
    });
    const source = await call(`/articles/${article.id}`);
    const image = source.body.result.media.images[0];
    const body = { version: 1, children: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hallo Welt' }] }] };
    await translateArticle(article.id, 'de-DE', {
      slug: 'galerie',
      title: 'Galerie',
      teaser: 'Bilder',
      description: 'Hallo Welt',
      body,
      mediaTitles: { [image.id]: 'Ein Baum' },
    });
    const res = await call(`/articles/${article.id}?lang=de`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      slug: 'galerie',
      title: 'Galerie',
      teaser: 'Bilder',
      description: 'Hallo Welt',
      language: 'de-DE',
      sourceLanguage: 'en-US',
      translations: [{ language: 'de-DE', slug: 'galerie', state: 'published', outdated: false }],
    });
    expect(res.body.result.body.children[0].children[0].text).toBe('Hallo Welt');
    expect(res.body.result.media.images[0].title).toBe('Ein Baum');
    // The same article in English keeps its own text and names the German translation.
    const english = await call(`/articles/${article.id}?lang=en`);
    expect(english.body.result).toMatchObject({ title: 'Gallery', slug: article.slug, language: 'en-US' });
    expect(english.body.result.translations).toEqual([
      { language: 'de-DE', slug: 'galerie', state: 'published', outdated: false },
    ]);
  });

  it('falls back to the source for a draft translation, which only those who may edit it see listed', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id, title: 'Only English so far' });
    await translateArticle(article.id, 'de-DE', { title: 'Entwurf', published: false });
    const anonymous = await call(`/articles/${article.id}?lang=de`);
    expect(anonymous.body.result).toMatchObject({ title: 'Only English so far', language: 'en-US', translations: [] });
    const reader = await asRole('CLIENT');
    expect((await reader.call(`/articles/${article.id}?lang=de`)).body.result.translations).toEqual([]);
    const own = await owner.call(`/articles/${article.id}?lang=de`);
    expect(own.body.result).toMatchObject({
      title: 'Only English so far',
      translations: [{ language: 'de-DE', state: 'draft', outdated: false }],
    });
  });

  it("marks a translation outdated once the source's text changed after it", async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id });
    await translateArticle(article.id, 'de-DE');
    const edit = await owner.call(`/articles/${article.id}`, { method: 'PUT', body: { title: 'A new title' } });
    expect(edit.status).toBe(200);
    const res = await call(`/articles/${article.id}?lang=de`);
    expect(res.body.result.translations).toEqual([expect.objectContaining({ language: 'de-DE', outdated: true })]);
  });

  it('keeps a published translation private while its article is unpublished', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id, title: 'Unpublished', published: false });
    await translateArticle(article.id, 'de-DE', { title: 'Unveröffentlicht' });
    const own = await owner.call(`/articles/${article.id}?lang=de`);
    expect(own.body.result).toMatchObject({ title: 'Unpublished', language: 'en-US' });
  });

  it("finds a German slug in German: the current one, and an old one answers with the current slug", async () => {
    const article = await createArticle({ title: 'Slugged' });
    await translateArticle(article.id, 'de-DE', { slug: 'mit-slug', oldSlugs: ['alter-slug'] });
    const current = await call('/articles/mit-slug?lang=de');
    expect(current.status).toBe(200);
    expect(current.body.result).toMatchObject({ id: article.id, slug: 'mit-slug' });
    const old = await call('/articles/alter-slug?lang=de');
    expect(old.status).toBe(200);
    expect(old.body.result).toMatchObject({ id: article.id, slug: 'mit-slug' });
    // The article's own slug still works in German, and the German slug is no English one.
    expect((await call(`/articles/${article.slug}?lang=de`)).body.result.id).toBe(article.id);
    expect((await call('/articles/mit-slug?lang=en')).status).toBe(404);
  });
});
