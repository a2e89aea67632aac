// The lists beyond articles in the reader's language (issue 29, decision 056): the news list (with its targets'
// translated slugs), the category tree and a category's route, a category's sub-categories and channels, and the
// channel list. Each item in its published translation of the request's language, else in its own (item by item);
// a draft never shows; each German list costs the D1 round trips and statements of the English one.
import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '#worker/index';
import { asRole, createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { BASE, call } from './helpers';
import { translateArticle, translateItem } from './translation-fixtures';

interface Item {
  id: string;
  slug?: string;
  title?: string;
  name?: string;
  teaser?: string;
  infoText?: string;
  description?: string;
  language?: string;
  ref?: { slug: string };
}

const byId = (items: Item[]) => new Map(items.map((i) => [i.id, i]));

/** The D1 round trips and statements of an answer (Server-Timing, edge cache off). */
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

async function sameCost(path: string) {
  expect(await counts(path, 'de-DE')).toEqual(await counts(path, 'en-US'));
}

describe("more lists in the reader's language", () => {
  it('the news list: translated titles and teasers where published, the English text otherwise', async () => {
    const target = await createArticle({ title: 'Harbour', teaser: 'Boats' });
    const { slug: targetSlug } = await translateArticle(target.id, 'de-DE', { title: 'Hafen' });
    const channel = await createChannel({ name: 'Harbour log' });
    await translateItem('channel', channel.id, 'de-DE', {
      slug: `hafen-${channel.id.slice(0, 6)}`,
      title: 'Hafenbuch',
    });
    const translated = await createNewsItem({
      title: 'Ships arrive',
      teaser: 'Three ships',
      refKind: 'article',
      refId: target.id,
    });
    const untranslated = await createNewsItem({
      title: 'Tide table',
      teaser: 'High water',
      refKind: 'channel',
      refId: channel.id,
    });
    const drafted = await createNewsItem({ title: 'Storm', teaser: 'Wind', refKind: 'article', refId: target.id });
    await translateItem('news', translated.id, 'de-DE', { title: 'Schiffe kommen', text: 'Drei Schiffe' });
    await translateItem('news', drafted.id, 'de-DE', { title: 'Sturm', text: 'Wind', published: false });

    const german = byId((await call('/news?limit=50&lang=de')).body.result.items as Item[]);
    expect(german.get(translated.id)).toMatchObject({
      title: 'Schiffe kommen',
      teaser: 'Drei Schiffe',
      language: 'de-DE',
    });
    // The target's page in German is its translation's own slug: no redirect on the way.
    expect(german.get(translated.id)?.ref?.slug).toBe(targetSlug);
    expect(german.get(untranslated.id)).toMatchObject({ title: 'Tide table', teaser: 'High water', language: 'en-US' });
    expect(german.get(untranslated.id)?.ref?.slug).toBe(`hafen-${channel.id.slice(0, 6)}`);
    expect(german.get(drafted.id)).toMatchObject({ title: 'Storm', language: 'en-US' });

    const english = byId((await call('/news?limit=50&lang=en')).body.result.items as Item[]);
    expect(english.get(translated.id)).toMatchObject({ title: 'Ships arrive', language: 'en-US' });
    expect(english.get(translated.id)?.ref?.slug).toBe(target.slug);
    await sameCost('/news?limit=50');
  });

  it('a news item whose time has not come shows its own text to its owner, never a translation', async () => {
    const target = await createArticle();
    const future = await createNewsItem({
      title: 'Coming soon',
      refKind: 'article',
      refId: target.id,
      publishedAt: Date.now() + 86_400_000,
    });
    await translateItem('news', future.id, 'de-DE', { title: 'Bald' });
    const admin = await call('/news?limit=50&lang=de', { cookie: (await asRole('ADMIN')).cookie });
    const item = (admin.body.result.items as Item[]).find((i) => i.id === future.id);
    expect(item).toMatchObject({ title: 'Coming soon', language: 'en-US' });
  });

  it('the category tree and a category route: translated titles and slugs where published', async () => {
    const root = await createCategory({ title: 'Sea' });
    const child = await createCategory({ title: 'Ships', parentId: root.id });
    const drafted = await createCategory({ title: 'Ports', parentId: root.id });
    await translateItem('category', root.id, 'de-DE', {
      slug: `meer-${root.id.slice(0, 6)}`,
      title: 'Meer',
      text: 'Salzig',
    });
    await translateItem('category', drafted.id, 'de-DE', {
      slug: `haefen-${drafted.id.slice(0, 6)}`,
      title: 'Häfen',
      published: false,
    });

    const german = byId((await call('/categories?lang=de')).body.result as Item[]);
    expect(german.get(root.id)).toMatchObject({
      title: 'Meer',
      slug: `meer-${root.id.slice(0, 6)}`,
      description: 'Salzig',
      language: 'de-DE',
    });
    expect(german.get(child.id)).toMatchObject({ title: 'Ships', slug: child.slug, language: 'en-US' });
    expect(german.get(drafted.id)).toMatchObject({ title: 'Ports', language: 'en-US' });
    const english = byId((await call('/categories?lang=en')).body.result as Item[]);
    expect(english.get(root.id)).toMatchObject({ title: 'Sea', slug: root.slug, language: 'en-US' });
    await sameCost('/categories');

    const route = (await call(`/categories/${child.id}/route?lang=de`)).body.result as Item[];
    expect(route.map((c) => c.title)).toEqual(['Meer', 'Ships']);
    expect(((await call(`/categories/${child.id}/route?lang=en`)).body.result as Item[]).map((c) => c.title)).toEqual([
      'Sea',
      'Ships',
    ]);
    await sameCost(`/categories/${child.id}/route`);
  });

  it("a category's sub-categories and channels: translated where published, else their own", async () => {
    const parent = await createCategory();
    const sub = await createCategory({ title: 'Rivers', parentId: parent.id });
    const plainSub = await createCategory({ title: 'Lakes', parentId: parent.id });
    await translateItem('category', sub.id, 'de-DE', { slug: `fluesse-${sub.id.slice(0, 6)}`, title: 'Flüsse' });
    const channel = await createChannel({ name: 'River news', infoText: 'About rivers', categoryIds: [parent.id] });
    const plain = await createChannel({ name: 'Lake news', categoryIds: [parent.id] });
    const drafted = await createChannel({ name: 'Creek news', categoryIds: [parent.id] });
    await translateItem('channel', channel.id, 'de-DE', {
      slug: `flussnachrichten-${channel.id.slice(0, 6)}`,
      title: 'Flussnachrichten',
      text: 'Über Flüsse',
    });
    await translateItem('channel', drafted.id, 'de-DE', {
      slug: `bach-${drafted.id.slice(0, 6)}`,
      title: 'Bach',
      published: false,
    });

    const children = (await call(`/categories/${parent.id}/children?lang=de`)).body.result;
    const subs = byId(children.categories as Item[]);
    expect(subs.get(sub.id)).toMatchObject({
      title: 'Flüsse',
      slug: `fluesse-${sub.id.slice(0, 6)}`,
      language: 'de-DE',
    });
    expect(subs.get(plainSub.id)).toMatchObject({ title: 'Lakes', language: 'en-US' });
    const channels = byId(children.channels as Item[]);
    expect(channels.get(channel.id)).toMatchObject({
      name: 'Flussnachrichten',
      infoText: 'Über Flüsse',
      slug: `flussnachrichten-${channel.id.slice(0, 6)}`,
      language: 'de-DE',
    });
    expect(channels.get(plain.id)).toMatchObject({ name: 'Lake news', language: 'en-US' });
    expect(channels.get(drafted.id)).toMatchObject({ name: 'Creek news', language: 'en-US' });
    const english = (await call(`/categories/${parent.id}/children?lang=en`)).body.result;
    expect(byId(english.channels as Item[]).get(channel.id)).toMatchObject({ name: 'River news', language: 'en-US' });
    expect(byId(english.categories as Item[]).get(sub.id)).toMatchObject({ title: 'Rivers' });
    await sameCost(`/categories/${parent.id}/children`);
  });

  it('the channel list and a channel summary: translated where published, an unpublished channel never', async () => {
    const channel = await createChannel({ name: 'Mountain news', infoText: 'Peaks' });
    const plain = await createChannel({ name: 'Valley news' });
    await translateItem('channel', channel.id, 'de-DE', {
      slug: `bergnachrichten-${channel.id.slice(0, 6)}`,
      title: 'Bergnachrichten',
      text: 'Gipfel',
    });
    const german = byId((await call('/channels?lang=de')).body.result as Item[]);
    expect(german.get(channel.id)).toMatchObject({ name: 'Bergnachrichten', infoText: 'Gipfel', language: 'de-DE' });
    expect(german.get(plain.id)).toMatchObject({ name: 'Valley news', language: 'en-US' });
    const english = byId((await call('/channels?lang=en')).body.result as Item[]);
    expect(english.get(channel.id)).toMatchObject({ name: 'Mountain news', language: 'en-US' });
    await sameCost('/channels');

    const summary = (await call(`/channels/${channel.id}/summary?lang=de`)).body.result;
    expect(summary).toMatchObject({
      name: 'Bergnachrichten',
      slug: `bergnachrichten-${channel.id.slice(0, 6)}`,
      sourceSlug: channel.slug,
      language: 'de-DE',
      sourceLanguage: 'en-US',
      translations: [{ language: 'de-DE', slug: `bergnachrichten-${channel.id.slice(0, 6)}`, state: 'published' }],
    });
    await sameCost(`/channels/${channel.id}/summary`);
  });
});
