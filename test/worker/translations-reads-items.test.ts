// Channels, categories and news items read in a language (issue 29, decision 056): the published translation's
// text over the source's, found by its slug in that language, and the translations listed.
import { describe, expect, it } from 'vitest';
import { asRole, createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { call } from './helpers';
import { translateItem } from './translation-fixtures';

describe('a channel in a language', () => {
  it('has its German name, info text and slug, found by the German slug; English keeps its own', async () => {
    const channel = await createChannel({ name: 'Kitchen', infoText: 'About food' });
    await translateItem('channel', channel.id, 'de-DE', { slug: 'kueche', title: 'Küche', text: 'Über Essen' });
    const german = await call('/channels/kueche?lang=de');
    expect(german.status).toBe(200);
    expect(german.body.result).toMatchObject({
      id: channel.id,
      slug: 'kueche',
      name: 'Küche',
      infoText: 'Über Essen',
      language: 'de-DE',
      sourceLanguage: 'en-US',
      translations: [{ language: 'de-DE', slug: 'kueche', state: 'published', outdated: false }],
    });
    expect(german.headers.get('Content-Language')).toBe('de-DE');
    const english = await call(`/channels/${channel.id}?lang=en`);
    expect(english.body.result).toMatchObject({ name: 'Kitchen', slug: channel.slug, language: 'en-US' });
  });

  it('shows a draft translation only to its owner, and never its text', async () => {
    const owner = await asRole('CLIENT');
    const channel = await createChannel({ userId: owner.user.id, name: 'Garden' });
    await translateItem('channel', channel.id, 'de-DE', { slug: 'garten', title: 'Garten', published: false });
    expect((await call(`/channels/${channel.id}?lang=de`)).body.result).toMatchObject({
      name: 'Garden',
      translations: [],
    });
    const own = await owner.call(`/channels/${channel.id}?lang=de`);
    expect(own.body.result).toMatchObject({ name: 'Garden', translations: [{ language: 'de-DE', state: 'draft' }] });
  });
});

describe('a category in a language', () => {
  it('has its German title, description and slug', async () => {
    const category = await createCategory({ title: 'Travel' });
    await translateItem('category', category.id, 'de-DE', { slug: 'reisen', title: 'Reisen', text: 'Unterwegs' });
    const german = await call('/categories/reisen', { headers: { 'Accept-Language': 'de-DE' } });
    expect(german.status).toBe(200);
    expect(german.body.result).toMatchObject({
      id: category.id,
      slug: 'reisen',
      title: 'Reisen',
      description: 'Unterwegs',
      language: 'de-DE',
      translations: [{ language: 'de-DE', slug: 'reisen', state: 'published' }],
    });
    expect((await call(`/categories/${category.id}`)).body.result).toMatchObject({
      title: 'Travel',
      language: 'en-US',
    });
  });
});

describe('a news item in a language', () => {
  it('has its German title and teaser; without a translation, its own', async () => {
    const article = await createArticle();
    const item = await createNewsItem({ refKind: 'article', refId: article.id, title: 'Fresh', teaser: 'New' });
    const plain = await createNewsItem({ refKind: 'article', refId: article.id, title: 'Untranslated' });
    await translateItem('news', item.id, 'de-DE', { title: 'Frisch', text: 'Neu' });
    expect((await call(`/news/${item.id}?lang=de`)).body.result).toMatchObject({
      title: 'Frisch',
      teaser: 'Neu',
      language: 'de-DE',
      sourceLanguage: 'en-US',
      translations: [{ language: 'de-DE', slug: null, state: 'published', outdated: false }],
    });
    expect((await call(`/news/${plain.id}?lang=de`)).body.result).toMatchObject({
      title: 'Untranslated',
      language: 'en-US',
      translations: [],
    });
  });
});
