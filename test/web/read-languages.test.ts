// Which language the browser's API calls ask in (decision 056): the page's, whatever the browser prefers, so a
// refresh of a German page stays German; the editing screens' reads ask for the item's own text, so a translation
// laid over it never lands in a form (and from there in the source).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getArticle, getArticleSource } from '#web/api/articles';
import { listCategorySources } from '#web/api/categories';
import { getChannel } from '#web/api/channels';
import { setReadLanguages } from '#web/api/client';
import { search } from '#web/api/search';
import { draftArticle } from './content-fixtures';
import { fakeApi, type ApiCall } from './fake-api';
import { uuid } from './shell-kit';

afterEach(() => vi.unstubAllGlobals());

const askedIn = (call: ApiCall | undefined) => new Headers(call?.init?.headers).get('Accept-Language');

const user = uuid();
const english = draftArticle(user, '2026-11-01T10:00:00.000Z', {
  title: 'Harbour lights',
  language: 'en-US',
  sourceLanguage: 'en-US',
});
const german = { ...english, title: 'Hafenlichter', language: 'de-DE' };

describe('the page language', () => {
  it('is what every call asks in, unless the call names its own', async () => {
    setReadLanguages('de-DE', 'en-US');
    const { calls } = fakeApi((call) =>
      call.path.startsWith('/search')
        ? { code: 200, result: { articles: [], channels: [], categories: [] } }
        : { code: 200, result: german },
    );
    await getArticle(english.slug);
    expect(askedIn(calls[0])).toBe('de-DE');
    await search('hafen', 'en-US').catch(() => undefined);
    expect(askedIn(calls[1])).toBe('en-US');
  });
});

describe('an editing read', () => {
  it('asks in the default language and takes the answer when it is the source', async () => {
    setReadLanguages('de-DE', 'en-US');
    const { calls } = fakeApi(() => ({ code: 200, result: english }));
    await expect(getArticleSource(english.id)).resolves.toMatchObject({ title: 'Harbour lights' });
    expect(calls).toHaveLength(1);
    expect(askedIn(calls[0])).toBe('en-US');
  });

  it("asks again in the item's own language when a translation answered", async () => {
    setReadLanguages('en-US', 'en-US');
    // An imported item written in German, with a published English translation.
    const source = { ...english, title: 'Hafenlichter', language: 'de-DE', sourceLanguage: 'de-DE' };
    const translated = { ...source, title: 'Harbour lights', language: 'en-US' };
    const { calls } = fakeApi((call) => ({
      code: 200,
      result: askedIn(call) === 'de-DE' ? source : translated,
    }));
    await expect(getArticleSource(english.id)).resolves.toMatchObject({ title: 'Hafenlichter', language: 'de-DE' });
    expect(calls.map(askedIn)).toEqual(['en-US', 'de-DE']);
  });

  it('reads the channel of the form and the admin tree in the source too', async () => {
    setReadLanguages('de-DE', 'en-US');
    const { calls } = fakeApi(() => ({ code: 404, message: 'Not found' }));
    await expect(getChannel(uuid())).rejects.toThrow();
    await expect(listCategorySources()).rejects.toThrow();
    expect(calls.map(askedIn)).toEqual(['en-US', 'en-US']);
  });

  it("reads the admin's tree again in a category's own language when a translation answered", async () => {
    setReadLanguages('de-DE', 'en-US');
    const row = { id: uuid(), parentId: null, imageHref: null, slug: 'kaffee', ordinal: 0, sourceLanguage: 'de-DE' };
    const { calls } = fakeApi((call) => ({
      code: 200,
      result: [
        askedIn(call) === 'de-DE'
          ? { ...row, title: 'Kaffee', language: 'de-DE' }
          : { ...row, title: 'Coffee', language: 'en-US' },
      ],
    }));
    await expect(listCategorySources()).resolves.toMatchObject([{ title: 'Kaffee' }]);
    expect(calls.map(askedIn)).toEqual(['en-US', 'de-DE']);
  });
});
