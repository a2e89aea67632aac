// A re-import and the co-editing room (decision 051, "Saves from outside the room"): an import that updates an article
// whose room is open tells the room, as the API's PUT does. The imported text enters the room's document, so the
// room's next save does not write its older text over the import, and whoever the import took the article from
// leaves the room at once.
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { articles } from '#schema/tables';
import { readShared } from '#worker/collab/lexical-yjs';
import { CLOSE_RIGHTS_ENDED } from '#worker/collab/room';
import { roomStub } from '#worker/collab/room-key';
import type { RoomClient } from '../collab/client';
import { makeWxr } from '../fixtures/wxr';
import { join } from './collab-fixtures';
import { createUser, db, sessionCookie } from './helpers';
import { admin, settle, signInAdmin, startImport } from './import-sources-kit';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(signInAdmin);
afterEach(() => vi.restoreAllMocks());

const bodyText = (c: RoomClient) =>
  readShared(c.doc)
    .body.children.map((b) => ('children' in b ? b.children.map((i) => ('text' in i ? i.text : '')).join('') : ''))
    .join('\n');

/** The same WordPress post each time (so a second import updates it in place), with the given text. */
const exportWith = (content: string) =>
  new File(
    [
      makeWxr({
        site: 'https://harbour.example.com',
        authors: [],
        categories: [],
        tags: [],
        posts: [{ id: 7, title: 'Harbour notes', slug: 'harbour-notes', content, status: 'draft' }],
      }),
    ],
    'export.xml',
    { type: 'text/xml' },
  );

async function importOnce(content: string) {
  const res = await startImport(exportWith(content));
  expect(res.status).toBeLessThan(300);
  const detail = await settle(res.body.result.id);
  expect(detail.state).toBe('done');
  return detail.report.items[0].articleId as string;
}

it('a re-import enters the open room (its next save keeps the import) and closes the former owner’s socket', async () => {
  const articleId = await importOnce('Old text.');
  // The article is a writer's now (as if given to them after the first import); they and an admin are in its room.
  const writer = await createUser({ role: 'CLIENT' });
  await db().update(articles).set({ userId: writer.id }).where(eq(articles.id, articleId));
  const w = await join(articleId, await sessionCookie(writer));
  const a = await join(articleId, admin.cookie!);
  expect(bodyText(a)).toBe('Old text.');
  // The admin types: the room owes a save of its text.
  a.doc.getText('title').insert(0, 'Our ');
  await w.until(() => w.doc.getText('title').toJSON() === 'Our Harbour notes', 5_000, 'the typing in the room');

  // The import has no author mapping: the article goes back to the admin who imports, with the new text.
  expect(await importOnce('New imported text.')).toBe(articleId);
  await a.until(() => bodyText(a) === 'New imported text.', 5_000, 'the imported text in the room');
  expect(a.doc.getText('title').toJSON()).toBe('Harbour notes');
  await w.until(() => w.closed !== null, 5_000, 'the former owner to leave');
  expect(w.closed!.code).toBe(CLOSE_RIGHTS_ENDED);

  // Typing goes on over the imported text, and the room's save keeps both.
  a.doc.getText('title').insert(0, 'New ');
  await expect
    .poll(async () => {
      await runDurableObjectAlarm(roomStub(env, articleId, 'en-US')); // the room's save, without waiting its 5 s
      return (await db().select().from(articles).where(eq(articles.id, articleId)).get())?.title;
    })
    .toBe('New Harbour notes');
  const row = await db().select().from(articles).where(eq(articles.id, articleId)).get();
  expect(row!.description).toBe('New imported text.');
  expect(row!.userId).toBe(admin.user!.id);
  a.close();
});
