import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { searchItem } from '#schema/entities';
import { ftsQuery, searchEverything, SEARCH_LIMIT } from '#worker/queries/search';
import { createArticle, createCategory, createChannel, grantAccess } from './content-factories';
import { as, call, createUser, db, sessionCookie } from './helpers';

/** A word no other test uses, so each test sees only its own rows. */
const word = () => `q${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function search(searchText: string, cookie?: string) {
  const res = await call('/search/search', { method: 'POST', body: { searchText }, cookie });
  expect(res.status).toBe(200);
  return z.array(searchItem).parse(res.body.result);
}

describe('ftsQuery', () => {
  it('quotes every word as a prefix and joins them with AND', () => {
    expect(ftsQuery('Gal art')).toBe('"Gal"* AND "art"*');
    expect(ftsQuery('"NEAR(a b)" -x title:y ^z *')).toBe(
      '"NEAR"* AND "a"* AND "b"* AND "x"* AND "title"* AND "y"* AND "z"*',
    );
    expect(ftsQuery('Café über 42')).toBe('"Café"* AND "über"* AND "42"*');
    expect(ftsQuery(' "*-()^: ')).toBeNull();
  });
});

describe('POST /search/search', () => {
  it('finds articles, channels and categories with value, label, kind, thumbnailHref, slug and language', async () => {
    const w = word();
    const article = await createArticle({ title: `Article ${w}`, thumbnailKey: 'image/a.png' });
    const channel = await createChannel({ name: `Channel ${w}`, portraitKey: 'image/p.png' });
    const cat = await createCategory({ title: `Category ${w}` });
    const items = await search(w);
    expect(items).toHaveLength(3);
    expect(items).toEqual(
      expect.arrayContaining([
        {
          value: article.id,
          label: `Article ${w}`,
          kind: 'article',
          thumbnailHref: '/api/files/image/a.png',
          context: expect.any(String),
          slug: article.slug,
          language: 'en-US',
        },
        {
          value: channel.id,
          label: `Channel ${w}`,
          kind: 'channel',
          thumbnailHref: '/api/files/image/p.png',
          context: expect.toBeOneOf([expect.any(String), null]),
          slug: channel.slug,
          language: 'en-US',
        },
        {
          value: cat.id,
          label: `Category ${w}`,
          kind: 'category',
          thumbnailHref: null,
          context: null,
          slug: cat.slug,
          language: 'en-US',
        },
      ]),
    );
  });

  it('ranks a title hit above a body hit', async () => {
    const w = word();
    const inBody = await createArticle({ title: 'Plain heading', description: `long text about ${w} and more` });
    const inTitle = await createArticle({ title: `All about ${w}`, description: 'nothing here' });
    const channelBody = await createChannel({ name: 'Plain channel', infoText: `info ${w}` });
    const items = await search(w);
    expect(items[0]!.value).toBe(inTitle.id);
    expect(items.map((i) => i.value).sort()).toEqual([inBody.id, inTitle.id, channelBody.id].sort());
  });

  it('matches prefixes for type-ahead', async () => {
    const w = word();
    const gallery = await createArticle({ title: `Gallery ${w}` });
    expect((await search(`gal ${w.slice(0, 6)}`)).map((i) => i.value)).toEqual([gallery.id]);
    expect((await search(`gallery ${w}`)).map((i) => i.value)).toEqual([gallery.id]);
    expect(await search(`galz ${w}`)).toEqual([]);
  });

  it('ignores accents both ways', async () => {
    const w = word();
    const cafe = await createArticle({ title: `Café ${w}` });
    const plain = await createChannel({ name: `Creme ${w}` });
    expect((await search(`cafe ${w}`)).map((i) => i.value)).toEqual([cafe.id]);
    expect((await search(`CAFÉ ${w}`)).map((i) => i.value)).toEqual([cafe.id]);
    expect((await search(`crème ${w}`)).map((i) => i.value)).toEqual([plain.id]);
  });

  it('answers hostile text with 200 and never an FTS5 error', async () => {
    const w = word();
    const target = await createArticle({ title: `Quoted ${w} near title` });
    for (const text of [
      '"',
      '*',
      '-',
      'NEAR(',
      ')',
      'title:x',
      '^',
      '"unterminated',
      'a OR',
      'AND',
      'NOT',
      '(((',
      '{title}:x',
      '',
      '   ',
      "'; drop table articles; --",
    ]) {
      await search(text);
    }
    expect((await search(`"${w}" -NEAR( ^quoted* title:`)).map((i) => i.value)).toEqual([target.id]);
  });

  it('returns at most the fixed number of hits', async () => {
    const w = word();
    await Promise.all(Array.from({ length: SEARCH_LIMIT + 3 }, (_, i) => createCategory({ title: `Many ${w} ${i}` })));
    expect(await search(w)).toHaveLength(SEARCH_LIMIT);
  });

  it('leaves out unpublished, private and hidden content for those who may not see it', async () => {
    const w = word();
    const owner = await createUser({ role: 'CLIENT' });
    const granted = await createUser();
    const pub = await createArticle({ title: `Public ${w}` });
    const draft = await createArticle({ title: `Draft ${w}`, userId: owner.id, published: false });
    const hidden = await createArticle({ title: `Hidden ${w}`, userId: owner.id, hidden: true });
    const priv = await createChannel({ name: `Private ${w}`, userId: owner.id, private: true });
    const inPriv = await createArticle({ title: `Inside ${w}`, channelId: priv.id, userId: owner.id });
    const draftChannel = await createChannel({ name: `Draftchannel ${w}`, userId: owner.id, published: false });
    const hiddenChannel = await createChannel({ name: `Hiddenchannel ${w}`, userId: owner.id, hidden: true });
    await grantAccess(granted.id, priv.id, 'channel');
    const restricted = await createArticle({ title: `Restricted ${w}`, restricted: true });

    const ids = async (cookie?: string) => (await search(w, cookie)).map((i) => i.value).sort();
    const sorted = (...x: string[]) => x.sort();
    expect(await ids()).toEqual(sorted(pub.id, restricted.id));
    expect(await ids((await as('CLIENT')).cookie)).toEqual(sorted(pub.id, restricted.id));
    expect(await ids(await sessionCookie(granted))).toEqual(sorted(pub.id, restricted.id, priv.id, inPriv.id));
    expect(await ids(await sessionCookie(owner))).toEqual(
      sorted(pub.id, restricted.id, draft.id, priv.id, inPriv.id, draftChannel.id),
    );
    expect(await ids((await as('ADMIN')).cookie)).toEqual(
      sorted(pub.id, restricted.id, draft.id, priv.id, inPriv.id, draftChannel.id),
    );
    // Hidden is never in search, but still there by id.
    const all = await searchEverything(db(), { id: owner.id, name: owner.name, role: 'CLIENT' }, w);
    expect(all.map((i) => i.value)).not.toContain(hidden.id);
    expect(all.map((i) => i.value)).not.toContain(hiddenChannel.id);
  });

  it('follows renames and deletes through the index', async () => {
    const w = word();
    const cat = await createCategory({ title: `Before ${w}` });
    const { call: asAdmin } = await as('ADMIN');
    await asAdmin(`/categories/${cat.id}`, { method: 'PUT', body: { title: `After ${w}` } });
    expect((await search(`after ${w}`)).map((i) => i.label)).toEqual([`After ${w}`]);
    expect(await search(`before ${w}`)).toEqual([]);
    await asAdmin(`/categories/${cat.id}`, { method: 'DELETE' });
    expect(await search(w)).toEqual([]);
  });

  it('validates the body', async () => {
    const res = await call('/search/search', { method: 'POST', body: { searchText: 'x'.repeat(201) } });
    expect(res.status).toBe(400);
    expect((await call('/search/search', { method: 'POST', body: {} })).status).toBe(400);
  });
});
