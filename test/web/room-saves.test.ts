// What a form live in a co-editing room may save over without the conflict dialog (decision 051): a newer version
// that differs from the one it started from only in the fields the room writes (title, teaser, text), for the
// article form and an article translation's form. test/e2e/collab-save.e2e.ts saves in a live room.
import { describe, expect, it } from 'vitest';
import type { Translation } from '#web/api/translations';
import { onlyRoomChanges as onlyTranslationRoomChanges } from '#web/components/translations/translation-editor';
import { onlyRoomChanges } from '#web/routes/myaccount/articles/$item/changes';
import { draftArticle } from './content-fixtures';

const base = draftArticle('u1', '2026-11-28T00:00:00.000Z', { version: 3 });
const paragraph = (text: string) => ({
  version: 1 as const,
  children: [{ type: 'paragraph' as const, children: [{ type: 'text' as const, text }] }],
});

describe('onlyRoomChanges', () => {
  it("takes the room's save: title, teaser and text changed, with the description and version that follow", () => {
    const theirs = {
      ...base,
      version: 4,
      title: 'A new title',
      teaser: 'A new teaser',
      body: paragraph('Typed in the room.'),
      description: 'Typed in the room.',
      updatedAt: '2026-11-28T00:01:00.000Z',
    };
    expect(onlyRoomChanges(base, theirs)).toBe(true);
  });

  it.each([
    ['a flag', { hidden: !base.hidden }],
    ['the channel', { channelId: 'another-channel' }],
    ['the categories', { categoryIds: ['c9'] }],
    ['publication', { published: !base.published }],
    ['the thumbnail', { thumbnailHref: '/api/files/image/other.png' }],
    ['the kind', { type: 'video' as const }],
  ])("is someone else's conflict when %s changed", (_, change) => {
    expect(onlyRoomChanges(base, { ...base, version: 4, title: 'Also retitled', ...change })).toBe(false);
  });
});

describe("a translation's onlyRoomChanges", () => {
  const started: Translation = {
    language: 'de-DE',
    slug: 'bergbaeckerei',
    title: 'Bergbäckerei',
    teaser: 'Brot',
    body: paragraph('Alt.'),
    description: 'Alt.',
    mediaTitles: { m1: 'Ofen' },
    state: 'draft',
    outdated: true,
    version: 2,
  };

  it("takes the room's save: the text, and the outdated mark it clears", () => {
    const theirs = { ...started, title: 'Die Bergbäckerei', body: paragraph('Neu.'), outdated: false, version: 3 };
    expect(onlyTranslationRoomChanges(started, theirs)).toBe(true);
  });

  it.each([
    ['the slug', { slug: 'die-bergbaeckerei' }],
    ['the state', { state: 'published' as const }],
    ['a media title', { mediaTitles: { m1: 'Backofen' } }],
  ])("is someone else's conflict when %s changed", (_, change) => {
    expect(onlyTranslationRoomChanges(started, { ...started, version: 3, ...change })).toBe(false);
  });
});
