// Rights ending in a co-editing room (docs/decisions/050): the write that ends someone's rights closes their socket
// at once, without waiting for the room's alarm: signing out, a new password, deactivation, a revoked API token; a
// deleted article closes everyone's (4404) and the room forgets its document. Others in the room stay.
import { exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { CLOSE_GONE, CLOSE_RIGHTS_ENDED } from '#worker/collab/room';
import { RoomClient } from '../collab/client';
import { join, upgrade } from './collab-fixtures';
import { createArticle } from './content-factories';
import { BASE, call, createUser, sessionCookie, TEST_PASSWORD } from './helpers';

vi.setConfig({ testTimeout: 20_000 });

async function room() {
  const owner = await createUser({ role: 'CLIENT' });
  const article = await createArticle({ userId: owner.id, description: 'Words.' });
  const cookie = await sessionCookie(owner);
  const admin = await createUser({ role: 'ADMIN' });
  const adminCookie = await sessionCookie(admin);
  const mine = await join(article.id, cookie);
  const theirs = await join(article.id, adminCookie);
  return { owner, article, cookie, admin, adminCookie, mine, theirs };
}

/** The socket closes within a second: the write told the room, the minute's alarm did not (it never ran here). */
const closedAtOnce = (client: RoomClient, what: string) => client.until(() => client.closed !== null, 1_000, what);

describe('the write that ends the rights closes the socket at once', () => {
  it('signing out', async () => {
    const { cookie, mine, theirs } = await room();
    const res = await call('/users/logout', { cookie });
    expect(res.status).toBe(200);
    await closedAtOnce(mine, 'the signed-out socket to close');
    expect(mine.closed!.code).toBe(CLOSE_RIGHTS_ENDED);
    expect(theirs.closed).toBeNull();
    theirs.close();
  });

  it('a new password', async () => {
    const { owner, cookie, mine, theirs } = await room();
    const res = await call(`/users/${owner.id}`, {
      method: 'PUT',
      cookie,
      body: { password: 'a-much-newer-password-42', currentPassword: TEST_PASSWORD },
    });
    expect(res.status, res.body.message).toBe(200);
    await closedAtOnce(mine, 'the socket of the old session to close');
    expect(mine.closed!.code).toBe(CLOSE_RIGHTS_ENDED);
    expect(theirs.closed).toBeNull();
    theirs.close();
  });

  it('deactivation by an admin', async () => {
    const { owner, adminCookie, mine, theirs } = await room();
    const res = await call(`/users/${owner.id}`, { method: 'PUT', cookie: adminCookie, body: { active: false } });
    expect(res.status, res.body.message).toBe(200);
    await closedAtOnce(mine, 'the deactivated editor to close');
    expect(mine.closed!.code).toBe(CLOSE_RIGHTS_ENDED);
    expect(theirs.closed).toBeNull();
    theirs.close();
  });

  it('a revoked API token', async () => {
    const { article, cookie, mine } = await room();
    const made = await call('/tokens', {
      method: 'POST',
      cookie,
      body: { name: 'Script', scope: 'full', expiresInDays: 30 },
    });
    expect(made.status, made.body.message).toBe(201);
    const res = await upgrade(article.id, { Authorization: `Bearer ${made.body.result.token}` });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const scripted = new RoomClient().attach(ws);
    await scripted.until(() => scripted.synced, 5_000, 'the first sync');
    const revoked = await call(`/tokens/${made.body.result.id}`, { method: 'DELETE', cookie });
    expect(revoked.status, revoked.body.message).toBe(200);
    await closedAtOnce(scripted, "the token's socket to close");
    expect(scripted.closed!.code).toBe(CLOSE_RIGHTS_ENDED);
    // The same person's session socket stays: only the token's rights ended.
    expect(mine.closed).toBeNull();
    mine.close();
  });

  it('a deleted article closes everyone (4404) and its room starts afresh', async () => {
    const { article, cookie, mine, theirs } = await room();
    mine.doc.getText('title').insert(0, 'Unsaved ');
    const res = await call(`/articles/${article.id}`, { method: 'DELETE', cookie });
    expect(res.status).toBe(200);
    await closedAtOnce(mine, 'the room to close');
    await closedAtOnce(theirs, 'the room to close');
    expect([mine.closed!.code, theirs.closed!.code]).toEqual([CLOSE_GONE, CLOSE_GONE]);
    // Nothing is left to open: the upgrade is 404 (the article's rule answers before the room).
    const again = await exports.default.fetch(
      new Request(`${BASE}/api/articles/${article.id}/collab`, { headers: { Upgrade: 'websocket', Cookie: cookie } }),
    );
    expect(again.status).toBe(404);
  });
});
