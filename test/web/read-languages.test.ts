// Which language the browser's API calls ask in (decision 056): the page's, whatever the browser prefers, so a
// refresh of a German page stays German; the editing screens' reads ask for the item's own text, so a translation
// laid over it never lands in a form (and from there in the source).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getArticle, getArticleSource } from '#web/api/articles';
import { listCategorySources } from '#web/api/categories';
import { setPageLanguage } from '#web/api/client';
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
    setPageLanguage('de-DE');
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

  it("is the page's <html lang> unless named", async () => {
    setPageLanguage(undefined);
    document.documentElement.lang = 'de-DE';
    const { calls } = fakeApi(() => ({ code: 200, result: german }));
    await getArticle(english.slug);
    expect(askedIn(calls[0])).toBe('de-DE');
    document.documentElement.lang = '';
  });
});

describe('an editing read', () => {
  it('takes the answer when it is the source', async () => {
    setPageLanguage('de-DE');
    const { calls } = fakeApi(() => ({ code: 200, result: english }));
    await expect(getArticleSource(english.id)).resolves.toMatchObject({ title: 'Harbour lights' });
    expect(calls.map(askedIn)).toEqual(['de-DE']);
  });

  it("asks again in the item's own language when a translation answered", async () => {
    setPageLanguage('de-DE');
    // An English article with a published German translation, edited on a German page.
    const { calls } = fakeApi((call) => ({
      code: 200,
      result: askedIn(call) === 'en-US' ? english : { ...german, sourceLanguage: 'en-US' },
    }));
    await expect(getArticleSource(english.id)).resolves.toMatchObject({ title: 'Harbour lights', language: 'en-US' });
    expect(calls.map(askedIn)).toEqual(['de-DE', 'en-US']);
  });

  it("reads the admin's tree again in a category's own language when a translation answered", async () => {
    setPageLanguage('en-US');
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
