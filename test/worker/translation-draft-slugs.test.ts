// A draft translation's slugs name nothing to whoever may not edit it (issue 29, decision 054): through the real fetch
// handler, for every kind with translated slugs (articles, channels, categories), a visitor and a reader get the 404
// of an unknown slug from the API and the pages, for the draft's current slug and its old ones, also once a published
// translation's slugs were kept in KV and it went back to draft; its editor still reaches the item (its page moves
// to the item's address in that language). A published translation's slug still answers, and its old slug's page
// redirects 301 to the current one. News items have no translated slug; their draft text never shows.
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { asRole, createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { BASE, call, sessionCookie, unique, type TestUser } from './helpers';
import { translateArticle, translateItem } from './translation-fixtures';

type Kind = 'article' | 'channel' | 'category';
const API: Record<Kind, string> = { article: 'articles', channel: 'channels', category: 'categories' };
const PAGE: Record<Kind, string> = { article: 'article', channel: 'chan', category: 'category' };

async function page(path: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const res = await exports.default.fetch(new Request(BASE + path, { headers, redirect: 'manual' }));
  return { status: res.status, location: res.headers.get('Location'), html: await res.text() };
}

const slugOf = (prefix: string) => unique(prefix).toLowerCase();

/** An item of the kind, owned by `owner` (categories have no owner), with its source title. */
async function createItem(kind: Kind, owner: TestUser, title: string) {
  if (kind === 'article') return createArticle({ userId: owner.id, title });
  if (kind === 'channel') return createChannel({ userId: owner.id, name: title });
  return createCategory({ title });
}

/** A German translation with its current slug and one old slug. */
async function translate(kind: Kind, id: string, o: { slug: string; old: string; title: string; published: boolean }) {
  if (kind === 'article')
    await translateArticle(id, 'de-DE', { slug: o.slug, oldSlugs: [o.old], title: o.title, published: o.published });
  else {
    await translateItem(kind, id, 'de-DE', { slug: o.slug, title: o.title, published: o.published });
    await env.DB.prepare(
      `insert into translation_slugs (language, slug, entity_id, entity_kind, current) values ('de-DE', ?, ?, ?, 0)`,
    )
      .bind(o.old, id, kind)
      .run();
  }
}

let owner: TestUser;
let ownerCookie: string;
let adminCookie: string;
let readerCookie: string;
beforeAll(async () => {
  const o = await asRole('CONTRIBUTOR');
  owner = o.user;
  ownerCookie = o.cookie;
  adminCookie = (await asRole('ADMIN')).cookie;
  readerCookie = (await asRole('REGULAR_USER')).cookie;
});

describe.each(['article', 'channel', 'category'] as const)('a draft translation of a %s', (kind) => {
  let item: { id: string; slug: string };
  const draft = { slug: slugOf('bergbaeckerei'), old: slugOf('alte-baeckerei'), title: 'Geheime Bergbäckerei' };
  beforeAll(async () => {
    item = await createItem(kind, owner, 'Mountain bakery');
    await translate(kind, item.id, { ...draft, published: false });
  });

  it('is a 404 for a visitor and a reader, as an unknown slug, in the API and on the page', async () => {
    const unknown = await call(`/${API[kind]}/${slugOf('nothing')}?lang=de`);
    expect(unknown.status).toBe(404);
    for (const cookie of [undefined, readerCookie])
      for (const slug of [draft.slug, draft.old]) {
        const res = await call(`/${API[kind]}/${slug}?lang=de`, cookie ? { cookie } : {});
        expect(res.status, slug).toBe(404);
        expect(res.body).toEqual(unknown.body);
        const shown = await page(`/de/${PAGE[kind]}/${slug}`, cookie);
        expect(shown.status, slug).toBe(404);
        expect(shown.html).not.toContain('Mountain bakery');
        expect(shown.html).not.toContain('Bergbäckerei');
      }
  });

  it('still names the item to who may edit it; its page moves to the item’s address in German', async () => {
    const editors = kind === 'category' ? [adminCookie] : [ownerCookie, adminCookie];
    for (const cookie of editors) {
      const res = await call(`/${API[kind]}/${draft.slug}?lang=de`, { cookie });
      expect(res.status).toBe(200);
      // The draft is not laid over: the source's text, the draft named among the translations.
      expect(res.body.result).toMatchObject({ id: item.id, slug: item.slug, language: 'en-US' });
      expect(res.body.result.translations).toEqual([expect.objectContaining({ language: 'de-DE', state: 'draft' })]);
      const shown = await page(`/de/${PAGE[kind]}/${draft.old}`, cookie);
      expect(shown.status).toBe(301);
      expect(shown.location).toBe(`/de/${PAGE[kind]}/${item.slug}`);
    }
    // What the editor's look-up found is not kept for the visitor.
    expect((await call(`/${API[kind]}/${draft.slug}?lang=de`)).status).toBe(404);
  });
});

describe.each(['article', 'channel', 'category'] as const)('a published translation of a %s', (kind) => {
  let item: { id: string; slug: string };
  const german = { slug: slugOf('talbaeckerei'), old: slugOf('alte-talbaeckerei'), title: 'Talbäckerei' };
  beforeAll(async () => {
    item = await createItem(kind, owner, 'Valley bakery');
    await translate(kind, item.id, { ...german, published: true });
  });

  it('answers at its slug, and its old slug moves on to it with 301', async () => {
    const res = await call(`/${API[kind]}/${german.slug}?lang=de`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ id: item.id, slug: german.slug, language: 'de-DE' });
    const shown = await page(`/de/${PAGE[kind]}/${german.slug}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Talbäckerei');
    const old = await page(`/de/${PAGE[kind]}/${german.old}`);
    expect(old.status).toBe(301);
    expect(old.location).toBe(`/de/${PAGE[kind]}/${german.slug}`);
    // The source's slug keeps answering under /de (the German text at it).
    expect((await page(`/de/${PAGE[kind]}/${item.slug}`)).status).toBe(200);
  });

  it('names nothing to a visitor once set back to draft, though its slugs were kept in KV', async () => {
    for (const slug of [german.slug, german.old])
      expect((await call(`/${API[kind]}/${slug}?lang=de`)).status, slug).toBe(200);
    const admin = { cookie: adminCookie };
    const current = await call(`/${API[kind]}/${item.id}/translations/de-DE`, admin);
    expect(current.status).toBe(200);
    const back = await call(`/${API[kind]}/${item.id}/translations/de-DE`, {
      ...admin,
      method: 'PUT',
      body: { version: current.body.result.version, published: false },
    });
    expect(back.status, back.body.message).toBe(200);
    for (const slug of [german.slug, german.old]) {
      expect((await call(`/${API[kind]}/${slug}?lang=de`)).status, slug).toBe(404);
      expect((await page(`/de/${PAGE[kind]}/${slug}`)).status, slug).toBe(404);
    }
  });

  it('names nothing once deleted, though its slugs were kept in KV', async () => {
    const other = await createItem(kind, owner, 'Hill bakery');
    const gone = { slug: slugOf('huegel'), old: slugOf('alter-huegel'), title: 'Hügel' };
    await translate(kind, other.id, { ...gone, published: true });
    for (const slug of [gone.slug, gone.old]) expect((await call(`/${API[kind]}/${slug}?lang=de`)).status).toBe(200);
    const deleted = await exports.default.fetch(
      new Request(`${BASE}/api/${API[kind]}/${other.id}/translations/de-DE`, {
        method: 'DELETE',
        headers: { Cookie: adminCookie },
      }),
    );
    expect(deleted.status).toBe(204);
    for (const slug of [gone.slug, gone.old]) expect((await call(`/${API[kind]}/${slug}?lang=de`)).status).toBe(404);
  });
});

describe('a news item', () => {
  it('keeps its source text for a visitor while its translation is a draft (news have no translated slug)', async () => {
    const target = await createArticle({ userId: owner.id });
    const news = await createNewsItem({
      userId: owner.id,
      title: 'Bakery opens',
      refKind: 'article',
      refId: target.id,
    });
    await translateItem('news', news.id, 'de-DE', { title: 'Geheime Eröffnung', published: false });
    const res = await call(`/news/${news.id}?lang=de`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ title: 'Bakery opens', language: 'en-US', translations: [] });
    const mine = await call(`/news/${news.id}?lang=de`, { cookie: await sessionCookie(owner) });
    expect(mine.body.result.title).toBe('Bakery opens');
  });
});
