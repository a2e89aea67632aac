// A translation's co-editing room (docs/decisions/051): `?lang=` opens the room of the article's translation in a
// configured language (404 without one, the translation PUT's rights); two clients converge in it; its save is an
// ordinary translation save (a revision naming the language crediting both, an audit entry each, the outdated mark
// gone); the translation PUT's save enters it; it shares nothing with the article's own room, whose key is the
// article's own language.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { articles, auditLog, revisionAuthors, revisions } from '#schema/tables';
import { readShared } from '#worker/collab/lexical-yjs';
import { roomStub } from '#worker/collab/room-key';
import { RoomClient } from '../collab/client';
import { join, upgrade } from './collab-fixtures';
import { BASE, call, createUser, db, sessionCookie } from './helpers';
import { createArticle } from './content-factories';
import { translateArticle } from './translation-fixtures';

vi.setConfig({ testTimeout: 20_000 });

const bodyText = (c: RoomClient) =>
  readShared(c.doc)
    .body.children.map((b) => ('children' in b ? b.children.map((i) => ('text' in i ? i.text : '')).join('') : ''))
    .join('\n');
const paragraph = (c: RoomClient) =>
  (c.doc.get('root', Y.XmlText).toDelta() as { insert: unknown }[])[0]!.insert as Y.XmlText;
const DE = '?lang=de-DE';

async function translatedArticle(o: { sourceTextVersion?: number } = {}) {
  const owner = await createUser({ role: 'CLIENT' });
  const article = await createArticle({ userId: owner.id, title: 'Harbour notes', description: 'First words.' });
  await translateArticle(article.id, 'de-DE', {
    title: 'Hafennotizen',
    teaser: 'Anreißer',
    description: 'Erste Worte.',
    published: false,
    ...o,
  });
  return { owner, article, cookie: await sessionCookie(owner) };
}

const translation = async (articleId: string, cookie: string) =>
  (await call(`/articles/${articleId}/translations/de-DE`, { cookie })).body.result;

describe("a translation's room is opened with the rights of saving that translation", () => {
  it('refuses a missing translation, an unknown language, other editors and readers; takes the owner and an admin', async () => {
    const { article, cookie } = await translatedArticle();
    const bare = await createArticle({ userId: (await createUser({ role: 'CLIENT' })).id });
    const bareCookie = await sessionCookie(await createUser({ role: 'ADMIN' }));
    const reader = await sessionCookie(await createUser({ role: 'REGULAR_USER' }));
    const otherEditor = await sessionCookie(await createUser({ role: 'CLIENT' }));
    const cases: [string, Response, number][] = [
      ['no translation in it', await upgrade(bare.id, { Cookie: bareCookie }, DE), 404],
      ['unknown language', await upgrade(article.id, { Cookie: cookie }, '?lang=fr-FR'), 400],
      ['another editor', await upgrade(article.id, { Cookie: otherEditor }, DE), 403],
      ['reader', await upgrade(article.id, { Cookie: reader }, DE), 403],
      ['anonymous', await upgrade(article.id, {}, DE), 401],
    ];
    for (const [what, res, status] of cases) {
      expect(res.status, what).toBe(status);
      expect(res.webSocket, what).toBeNull();
      expect((await res.json<{ code: number }>()).code, what).toBe(status);
    }
    const admin = await sessionCookie(await createUser({ role: 'ADMIN' }));
    for (const [c, query] of [
      [cookie, DE],
      [admin, '?lang=de'],
    ] as const) {
      const res = await upgrade(article.id, { Cookie: c }, query);
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      res.webSocket!.close(1000);
    }
  });
});

describe("a translation's room", () => {
  it('syncs two clients on the translation and saves it as a translation revision crediting both', async () => {
    const { owner, article, cookie } = await translatedArticle({ sourceTextVersion: 0 });
    expect((await translation(article.id, cookie)).outdated).toBe(true);
    const adminUser = await createUser({ role: 'ADMIN' });
    const a = await join(article.id, cookie, new RoomClient(), DE);
    const b = await join(article.id, await sessionCookie(adminUser), new RoomClient(), DE);
    expect(bodyText(a)).toBe('Erste Worte.');
    expect(b.doc.getText('title').toJSON()).toBe('Hafennotizen');

    paragraph(a).insert(1, 'A '); // after the text node's map: its first character
    paragraph(b).insert(paragraph(b).length, ' B');
    b.doc.getText('teaser').insert(0, 'Gemeinsamer ');
    await expect
      .poll(() => [bodyText(a), bodyText(b), a.doc.getText('teaser').toJSON()])
      .toEqual(['A Erste Worte. B', 'A Erste Worte. B', 'Gemeinsamer Anreißer']);

    // The last one out saves the translation (not the article).
    a.close();
    b.close();
    await expect.poll(async () => (await translation(article.id, cookie)).version, { timeout: 5_000 }).toBe(2);
    const saved = await translation(article.id, cookie);
    expect(saved.description).toBe('A Erste Worte. B');
    expect(saved.teaser).toBe('Gemeinsamer Anreißer');
    expect(saved.outdated).toBe(false);
    expect(saved.state).toBe('draft');
    const source = await db().select().from(articles).where(eq(articles.id, article.id)).get();
    expect([source!.version, source!.description, source!.title]).toEqual([1, 'First words.', 'Harbour notes']);

    const [revision] = await db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.entityId, article.id), eq(revisions.language, 'de-DE'), eq(revisions.version, 2)))
      .all();
    expect(revision).toBeDefined();
    const credited = await db()
      .select()
      .from(revisionAuthors)
      .where(eq(revisionAuthors.revisionId, revision!.id))
      .all();
    expect(credited.map((r) => r.userId).sort()).toEqual([owner.id, adminUser.id].sort());
    const updates = (await db().select().from(auditLog).where(eq(auditLog.entityId, article.id)).all()).filter(
      (e) => e.action === 'updated',
    );
    expect(updates.map((e) => e.actorId).sort()).toEqual([owner.id, adminUser.id].sort());
    expect(updates.every((e) => e.language === 'de-DE')).toBe(true);
  });

  it("takes in the translation PUT's save as that author's change, and the next room save goes over it", async () => {
    const { article, cookie } = await translatedArticle();
    const a = await join(article.id, cookie, new RoomClient(), DE);
    const before = await translation(article.id, cookie);
    const put = await call(`/articles/${article.id}/translations/de-DE`, {
      method: 'PUT',
      cookie,
      body: { version: before.version, title: 'Aus der API', teaser: 'Neuer Anreißer' },
    });
    expect(put.status).toBe(200);
    await a.until(() => a.doc.getText('title').toJSON() === 'Aus der API', 5_000, 'the outside save');
    expect(a.doc.getText('teaser').toJSON()).toBe('Neuer Anreißer');
    expect(bodyText(a)).toBe('Erste Worte.');

    // The room saves over the PUT's version, not into a conflict.
    paragraph(a).insert(1, 'Mehr: ');
    await expect
      .poll(
        async () => {
          await runDurableObjectAlarm(roomStub(env, article.id, 'de-DE'));
          return (await translation(article.id, cookie)).description;
        },
        { timeout: 8_000 },
      )
      .toBe('Mehr: Erste Worte.');
    const saved = await translation(article.id, cookie);
    expect([saved.version, saved.title]).toEqual([3, 'Aus der API']);
    a.close();
  });

  it("shares no state with the article's own room, which is keyed by the article's own language", async () => {
    const { article, cookie } = await translatedArticle();
    const source = await join(article.id, cookie);
    const german = await join(article.id, cookie, new RoomClient(), DE);
    expect(bodyText(source)).toBe('First words.');
    expect(bodyText(german)).toBe('Erste Worte.');
    paragraph(german).insert(1, 'Nur deutsch: ');
    source.doc.getText('title').insert(0, 'Own ');
    await german.until(() => bodyText(german) === 'Nur deutsch: Erste Worte.', 5_000, 'the German edit');
    await new Promise((r) => setTimeout(r, 300));
    expect(bodyText(source)).toBe('First words.');
    expect(german.doc.getText('title').toJSON()).toBe('Hafennotizen');
    source.close();
    german.close();

    // An article written in German, translated into the configured default (en-US): its own room is de-DE's, and
    // the en-US translation's room is another one.
    const owner = await createUser({ role: 'CLIENT' });
    const ownCookie = await sessionCookie(owner);
    const germanArticle = await createArticle({ userId: owner.id, description: 'Deutscher Text.' });
    await db().update(articles).set({ language: 'de-DE' }).where(eq(articles.id, germanArticle.id));
    await translateArticle(germanArticle.id, 'en-US', {
      slug: `en-${germanArticle.id.slice(0, 8)}`,
      description: 'English text.',
    });
    const own = await join(germanArticle.id, ownCookie);
    const english = await join(germanArticle.id, ownCookie, new RoomClient(), '?lang=en-US');
    expect(bodyText(own)).toBe('Deutscher Text.');
    expect(bodyText(english)).toBe('English text.');
    const ownAgain = await join(germanArticle.id, ownCookie, new RoomClient(), DE);
    expect(bodyText(ownAgain)).toBe('Deutscher Text.');
    for (const c of [own, english, ownAgain]) c.close();
  });

  it('closes its sockets when the translation is deleted', async () => {
    const { article, cookie } = await translatedArticle();
    const a = await join(article.id, cookie, new RoomClient(), DE);
    const deleted = await exports.default.fetch(
      new Request(`${BASE}/api/articles/${article.id}/translations/de-DE`, {
        method: 'DELETE',
        headers: { Cookie: cookie },
      }),
    );
    expect(deleted.status).toBe(204);
    await a.until(() => a.closed !== null, 5_000, 'the socket to close');
    expect(a.closed!.code).toBe(4404);
  });
});
