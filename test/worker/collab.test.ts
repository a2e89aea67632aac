// Co-editing rooms (docs/decisions/051): the upgrade is refused like any write before any socket opens; two clients
// converge through the room; the room's save is an ordinary revision crediting both with audit entries; a save from
// outside enters the room; a revoked session is disconnected.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { join, upgrade } from './collab-fixtures';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';

vi.setConfig({ testTimeout: 20_000 });
import { auditLog, revisionAuthors, revisions, sessions } from '#schema/tables';
import { readShared } from '#worker/collab/lexical-yjs';
import { CLOSE_RIGHTS_ENDED } from '#worker/collab/room';
import { roomStub } from '#worker/collab/room-key';
import { sha256Hex } from '#worker/services/session';
import { RoomClient } from '../collab/client';
import { BASE, call, createUser, db, sessionCookie } from './helpers';
import { createArticle } from './content-factories';

const bodyText = (c: RoomClient) =>
  readShared(c.doc)
    .body.children.map((b) => ('children' in b ? b.children.map((i) => ('text' in i ? i.text : '')).join('') : ''))
    .join('\n');

async function editorWithArticle() {
  const owner = await createUser({ role: 'CLIENT' });
  const article = await createArticle({ userId: owner.id, description: 'First words.' });
  return { owner, article, cookie: await sessionCookie(owner) };
}

describe('the upgrade is checked like a write of the article', () => {
  it('refuses the anonymous, readers, other editors, a foreign origin, a revoked session, a missing translation and an unknown language', async () => {
    const { article, cookie } = await editorWithArticle();
    const reader = await sessionCookie(await createUser({ role: 'REGULAR_USER' }));
    const otherEditor = await sessionCookie(await createUser({ role: 'CLIENT' }));
    const revoked = await createUser({ role: 'CLIENT' });
    const revokedCookie = await sessionCookie(revoked);
    await db().delete(sessions).where(eq(sessions.userId, revoked.id));

    const cases: [string, Response, number][] = [
      ['anonymous', await upgrade(article.id), 401],
      ['reader', await upgrade(article.id, { Cookie: reader }), 403],
      ['another editor', await upgrade(article.id, { Cookie: otherEditor }), 403],
      ['foreign origin', await upgrade(article.id, { Cookie: cookie, Origin: 'https://evil.example' }), 403],
      ['cross-site fetch', await upgrade(article.id, { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' }), 403],
      ['revoked session', await upgrade(article.id, { Cookie: revokedCookie }), 401],
      ['unknown article', await upgrade(crypto.randomUUID(), { Cookie: cookie }), 404],
      ['a translation it has not', await upgrade(article.id, { Cookie: cookie }, '?lang=de-DE'), 404],
      ['unknown language', await upgrade(article.id, { Cookie: cookie }, '?lang=fr-FR'), 400],
    ];
    for (const [what, res, status] of cases) {
      expect(res.status, what).toBe(status);
      expect(res.webSocket, what).toBeNull();
      const body = await res.json<{ code: number }>();
      expect(body.code, what).toBe(status);
    }
    // Without Upgrade the route is no room either.
    const plain = await call(`/articles/${article.id}/collab`, { cookie });
    expect(plain.status).toBe(400);
  });

  it('takes an admin, the owner, and a full token but not a read one', async () => {
    const { article, cookie } = await editorWithArticle();
    const admin = await sessionCookie(await createUser({ role: 'ADMIN' }));
    // The default language is the first configured (LANGUAGES), by its full or short tag, or without `lang`.
    for (const [c, query] of [
      [cookie, ''],
      [admin, '?lang=en-US'],
      [cookie, '?lang=en'],
    ] as const) {
      const res = await upgrade(article.id, { Cookie: c, Origin: BASE }, query);
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      res.webSocket!.close(1000);
    }
    const full = await call('/tokens', {
      method: 'POST',
      cookie,
      body: { name: 'full one', scope: 'full', expiresInDays: 30 },
    });
    const read = await call('/tokens', {
      method: 'POST',
      cookie,
      body: { name: 'read one', scope: 'read', expiresInDays: 30 },
    });
    expect(full.status).toBe(201);
    const withFull = await upgrade(article.id, { Authorization: `Bearer ${full.body.result.token}` });
    expect(withFull.status).toBe(101);
    withFull.webSocket!.accept();
    withFull.webSocket!.close(1000);
    const withRead = await upgrade(article.id, { Authorization: `Bearer ${read.body.result.token}` });
    expect(withRead.status).toBe(403);
  });
});

describe('a room', () => {
  it('syncs two clients, shows each with the name and colour of their account, and saves one revision crediting both', async () => {
    const { owner, article, cookie } = await editorWithArticle();
    const adminUser = await createUser({ role: 'ADMIN' });
    const a = await join(article.id, cookie);
    const b = await join(article.id, await sessionCookie(adminUser));
    expect(bodyText(a)).toBe('First words.');
    expect(bodyText(b)).toBe('First words.');

    // Presence: whatever name a client claims, the room says who it is.
    b.announce({ name: 'Someone Else', color: '#000000', focusing: true });
    await a.until(() => [...a.presence.values()].some((s) => s?.name === adminUser.name), 5_000, 'b in a');
    const seen = [...a.presence.values()].find((s) => s?.name === adminUser.name)!;
    expect(seen.color).toMatch(/^#[0-9a-f]{6}$/);
    expect([...a.presence.values()].some((s) => s?.name === 'Someone Else')).toBe(false);

    // Both type at once into the text (Lexical's shape: the text node's characters follow its map).
    const paragraph = (c: RoomClient) =>
      (c.doc.get('root', Y.XmlText).toDelta() as { insert: unknown }[])[0]!.insert as Y.XmlText;
    paragraph(a).insert(1, 'A');
    paragraph(b).insert(paragraph(b).length, ' B');
    b.doc.getText('title').insert(0, 'Shared ');
    await expect
      .poll(() => [bodyText(a), bodyText(b), a.doc.getText('title').toJSON().slice(0, 7)])
      .toEqual(['AFirst words. B', 'AFirst words. B', 'Shared ']);

    // The last one out saves.
    a.close();
    b.close();
    await expect
      .poll(async () => (await call(`/articles/${article.id}`, { cookie })).body.result.version, { timeout: 5_000 })
      .toBe(2);
    const saved = (await call(`/articles/${article.id}`, { cookie })).body.result;
    expect(saved.title.startsWith('Shared ')).toBe(true);
    expect(saved.description).toBe('AFirst words. B');

    const [revision] = await db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.entityId, article.id), eq(revisions.version, 2)))
      .all();
    expect(revision).toBeDefined();
    const credited = await db()
      .select()
      .from(revisionAuthors)
      .where(eq(revisionAuthors.revisionId, revision!.id))
      .all();
    expect(credited.map((r) => r.userId).sort()).toEqual([owner.id, adminUser.id].sort());
    const listed = await call(`/revisions/article/${article.id}`, { cookie });
    expect(listed.body.result[0].authors.map((x: { id: string }) => x.id).sort()).toEqual(
      [owner.id, adminUser.id].sort(),
    );

    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, article.id)).all();
    expect(
      entries
        .filter((e) => e.action === 'updated')
        .map((e) => e.actorId)
        .sort(),
    ).toEqual([owner.id, adminUser.id].sort());
  });

  it('takes in a save from outside (the PUT) as that author’s change', async () => {
    const { article, cookie } = await editorWithArticle();
    const a = await join(article.id, cookie);
    const put = await call(`/articles/${article.id}`, {
      method: 'PUT',
      cookie,
      body: { title: 'From the API', teaser: 'New teaser' },
    });
    expect(put.status).toBe(200);
    await a.until(() => a.doc.getText('title').toJSON() === 'From the API', 5_000, 'the outside save');
    expect(a.doc.getText('teaser').toJSON()).toBe('New teaser');
    expect(bodyText(a)).toBe('First words.');
    a.close();
  });

  it('disconnects a person whose session was revoked, at its next check', async () => {
    const { owner, article, cookie } = await editorWithArticle();
    const a = await join(article.id, cookie);
    const other = await join(article.id, await sessionCookie(await createUser({ role: 'ADMIN' })));
    await db()
      .delete(sessions)
      .where(eq(sessions.id, await sha256Hex(cookie.slice('session='.length))));
    expect(owner.id).toBeTruthy();
    await runDurableObjectAlarm(roomStub(env, article.id, 'en-US'));
    await a.until(() => a.closed !== null, 5_000, 'the revoked socket to close');
    expect(a.closed!.code).toBe(CLOSE_RIGHTS_ENDED);
    expect(other.closed).toBeNull();
    other.close();
  });

  it('closes at once the socket of a session ended from another one, and of someone whose role no longer edits', async () => {
    const { owner, article, cookie } = await editorWithArticle();
    const second = await sessionCookie(owner);
    const a = await join(article.id, cookie);
    const b = await join(article.id, second);
    const sessionId = await sha256Hex(cookie.slice('session='.length));
    const ended = await call(`/sessions/${sessionId}`, { method: 'DELETE', cookie: second });
    expect(ended.status).toBe(200);
    await a.until(() => a.closed !== null, 5_000, 'the ended session to close');
    expect(a.closed!.code).toBe(CLOSE_RIGHTS_ENDED);
    expect(b.closed).toBeNull();

    const admin = await sessionCookie(await createUser({ role: 'ADMIN' }));
    const demoted = await call(`/users/${owner.id}`, { method: 'PUT', cookie: admin, body: { role: 'REGULAR_USER' } });
    expect(demoted.status).toBe(200);
    await b.until(() => b.closed !== null, 5_000, 'the demoted editor to close');
    expect(b.closed!.code).toBe(CLOSE_RIGHTS_ENDED);
  });
});
