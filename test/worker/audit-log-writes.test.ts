// Every kind of write records its audit entries (who, what, which fields, the owner, the request id) in its own
// batch, and a refused or failed change leaves none (decision 033). Through the worker's real fetch handler.
import { env } from 'cloudflare:workers';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, publicationRequests, revisions } from '#schema/tables';
import { LOGIN_LIMITS } from '#worker/services/login-limit';
import { runScheduled } from '#worker/scheduled';
import { as, call, createUser, db, unique } from './helpers';
import { createArticle, createCategory, createChannel, createNewsItem, grantAccess } from './content-factories';
import { createAccessRequest, createPublicationRequest, createResetToken } from './matrix-fixtures';

const entriesOf = (entityId: string) =>
  db().select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.at), asc(auditLog.id)).all();
const actionsOf = async (entityId: string) => (await entriesOf(entityId)).map((e) => e.action);
const requestIdOf = (res: { headers: Headers }) => res.headers.get('X-Request-Id');

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(ipCounter / 250) % 250}.${ipCounter++ % 250}`;

describe('content writes', () => {
  it('records an article created, updated with its changed fields, its media and a restore; a stale save none', async () => {
    const editor = await as('CLIENT');
    const created = await editor.call('/articles', {
      method: 'POST',
      body: { title: 'Alpine bread', type: 'text', channelId: null },
    });
    expect(created.status).toBe(201);
    const id = created.body.result.id as string;
    expect(await entriesOf(id)).toMatchObject([
      {
        action: 'created',
        entityType: 'article',
        entityTitle: 'Alpine bread',
        actorId: editor.user!.id,
        actorName: editor.user!.name,
        ownerId: editor.user!.id,
        requestId: requestIdOf(created),
      },
    ]);

    const updated = await editor.call(`/articles/${id}`, {
      method: 'PUT',
      body: { title: 'Alpine breads', hidden: true, teaser: '', version: 1 },
    });
    expect(updated.status).toBe(200);
    const [, update] = await entriesOf(id);
    expect(update).toMatchObject({ action: 'updated', fields: ['title', 'hidden'], requestId: requestIdOf(updated) });

    // The same values again: a save that changes nothing records nothing.
    await editor.call(`/articles/${id}`, { method: 'PUT', body: { title: 'Alpine breads' } });
    expect(await entriesOf(id)).toHaveLength(2);

    // A stale version is refused (409) and leaves no entry.
    const stale = await editor.call(`/articles/${id}`, { method: 'PUT', body: { title: 'Lost', version: 1 } });
    expect(stale.status).toBe(409);
    expect(await entriesOf(id)).toHaveLength(2);

    const media = await editor.call(`/articles/${id}/media`, { method: 'PUT', body: { kind: 'gallery' } });
    expect(media.status).toBe(200);
    expect((await entriesOf(id))[2]).toMatchObject({ action: 'updated', fields: ['media'] });

    const [first] = await db()
      .select()
      .from(revisions)
      .where(eq(revisions.entityId, id))
      .orderBy(asc(revisions.version))
      .all();
    const restored = await editor.call(`/revisions/article/${id}/${first!.id}/restore`, { method: 'POST', body: {} });
    expect(restored.status).toBe(200);
    expect((await entriesOf(id)).at(-1)).toMatchObject({ action: 'updated', fields: ['title', 'hidden'] });
  });

  it("records ADMIN's publishing and unpublishing through a save, and nothing for an editor's refused one", async () => {
    const owner = await as('CLIENT');
    const admin = await as('ADMIN');
    const a = await createArticle({ userId: owner.user!.id, published: false });
    expect((await owner.call(`/articles/${a.id}`, { method: 'PUT', body: { published: true } })).status).toBe(403);
    expect(await entriesOf(a.id)).toEqual([]);
    await admin.call(`/articles/${a.id}`, { method: 'PUT', body: { published: true } });
    await admin.call(`/articles/${a.id}`, { method: 'PUT', body: { published: false } });
    expect(await entriesOf(a.id)).toMatchObject([
      { action: 'published', actorId: admin.user!.id, ownerId: owner.user!.id },
      { action: 'unpublished', actorId: admin.user!.id, ownerId: owner.user!.id },
    ]);
  });

  it('records a channel created, renamed and deleted; a refused delete records nothing', async () => {
    const editor = await as('CLIENT');
    const created = await editor.call('/channels', { method: 'POST', body: { name: 'Bakers', infoText: 'About' } });
    const id = created.body.result.id as string;
    await editor.call(`/channels/${id}`, { method: 'PUT', body: { name: 'Bakers united', infoText: 'About' } });
    const full = await createChannel({ userId: editor.user!.id });
    await createArticle({ userId: editor.user!.id, channelId: full.id });
    expect((await editor.call(`/channels/${full.id}`, { method: 'DELETE' })).status).toBe(409);
    expect(await entriesOf(full.id)).toEqual([]);
    const other = await as('CLIENT');
    // A draft of someone else's: not even visible to another editor (404).
    expect((await other.call(`/channels/${id}`, { method: 'DELETE' })).status).toBe(404);
    const deleted = await editor.call(`/channels/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await entriesOf(id)).toMatchObject([
      { action: 'created', entityType: 'channel', entityTitle: 'Bakers', ownerId: editor.user!.id },
      { action: 'updated', fields: ['name'], entityTitle: 'Bakers united' },
      { action: 'deleted', entityTitle: 'Bakers united', requestId: requestIdOf(deleted) },
    ]);
  });

  it('records a news item created, updated and deleted', async () => {
    const editor = await as('CLIENT');
    const a = await createArticle({ userId: editor.user!.id });
    const created = await editor.call('/news', {
      method: 'POST',
      body: { title: 'Fresh', ref: { kind: 'article', id: a.id } },
    });
    expect(created.status).toBe(201);
    const id = created.body.result.id as string;
    await editor.call(`/news/${id}`, { method: 'PUT', body: { teaser: 'Now with rye' } });
    await editor.call(`/news/${id}`, { method: 'DELETE' });
    expect(await entriesOf(id)).toMatchObject([
      { action: 'created', entityType: 'news', entityTitle: 'Fresh', ownerId: editor.user!.id },
      { action: 'updated', fields: ['teaser'] },
      { action: 'deleted' },
    ]);
    const other = await createNewsItem({ refKind: 'article', refId: a.id });
    expect((await editor.call(`/news/${other.id}`, { method: 'DELETE' })).status).toBe(403);
    expect(await entriesOf(other.id)).toEqual([]);
  });
});

describe('categories', () => {
  it('records created, renamed, moved, reordered and deleted; a refused delete records nothing', async () => {
    const admin = await as('ADMIN');
    const parent = await createCategory();
    const created = await admin.call('/categories', { method: 'POST', body: { title: 'Rye' } });
    const id = created.body.result.id as string;
    await admin.call(`/categories/${id}`, { method: 'PUT', body: { title: 'Rye breads' } });
    await admin.call(`/categories/${id}`, { method: 'PUT', body: { parentId: parent.id } });
    await createCategory({ parentId: parent.id });
    await admin.call(`/categories/${id}/position`, { method: 'PUT', body: { index: 1 } });
    expect((await admin.call(`/categories/${parent.id}`, { method: 'DELETE' })).status).toBe(409);
    expect(await entriesOf(parent.id)).toEqual([]);
    await admin.call(`/categories/${id}`, { method: 'DELETE' });
    expect(await entriesOf(id)).toMatchObject([
      { action: 'created', entityType: 'category', entityTitle: 'Rye', ownerId: null, actorId: admin.user!.id },
      { action: 'updated', fields: ['title'], entityTitle: 'Rye breads' },
      { action: 'updated', fields: ['parent', 'ordinal'] },
      { action: 'updated', fields: ['ordinal'] },
      { action: 'deleted' },
    ]);
  });
});

describe('publications', () => {
  it('records the request, the approval with the publication, the unpublishing; a second open request none', async () => {
    const owner = await as('CLIENT');
    const admin = await as('ADMIN');
    const a = await createArticle({ userId: owner.user!.id, published: false });
    const asked = await owner.call('/publications', { method: 'POST', body: { contentId: a.id, type: 'article' } });
    expect(asked.status).toBe(201);
    const again = await owner.call('/publications', { method: 'POST', body: { contentId: a.id, type: 'article' } });
    expect(again.status).toBe(409);
    expect(await actionsOf(a.id)).toEqual(['publication_requested']);
    const approved = await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: asked.body.result.id, status: 'APPROVED' },
    });
    expect(approved.status).toBe(200);
    await owner.call('/publications/unpublish', { method: 'POST', body: { contentId: a.id, type: 'article' } });
    const entries = await entriesOf(a.id);
    const byAction = (action: string) => entries.find((e) => e.action === action);
    expect(entries.map((e) => e.action).sort()).toEqual([
      'publication_approved',
      'publication_requested',
      'published',
      'unpublished',
    ]);
    expect(byAction('publication_requested')).toMatchObject({ actorId: owner.user!.id, ownerId: owner.user!.id });
    // One approval that publishes at once: both entries, in the approval's own request.
    for (const action of ['publication_approved', 'published'])
      expect(byAction(action)).toMatchObject({ actorId: admin.user!.id, requestId: requestIdOf(approved) });
    expect(byAction('unpublished')).toMatchObject({ actorId: owner.user!.id });
  });

  it('records a rejection on the content', async () => {
    const owner = await as('CLIENT');
    const admin = await as('ADMIN');
    const a = await createArticle({ userId: owner.user!.id, published: false });
    const id = await createPublicationRequest(owner.user!.id, a.id, 'article');
    await admin.call('/publications/update-status', { method: 'PUT', body: { id, status: 'REJECTED', reason: 'No' } });
    // Rejected is final: a second decision is refused and records nothing.
    const refused = await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id, status: 'APPROVED' },
    });
    expect(refused.status).toBe(400);
    expect(await actionsOf(a.id)).toEqual(['publication_rejected']);
  });

  it("records the Cron Trigger's scheduled start and expiry as the system", async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const now = Date.now();
    const starting = await createArticle({ userId: owner.id, published: false, title: unique('Starting') });
    const expiring = await createArticle({ userId: owner.id, published: true, title: unique('Expiring') });
    await db()
      .insert(publicationRequests)
      .values([
        {
          id: crypto.randomUUID(),
          userId: owner.id,
          contentId: starting.id,
          type: 'article',
          status: 'APPROVED',
          publishAt: now - 1000,
        },
        {
          id: crypto.randomUUID(),
          userId: owner.id,
          contentId: expiring.id,
          type: 'article',
          status: 'APPROVED',
          expirationDate: now - 1000,
        },
      ]);
    await runScheduled(env, now);
    await runScheduled(env, now + 60_000);
    const system = { actorKind: 'system', actorId: null, actorName: 'system', ownerId: owner.id, requestId: '' };
    expect(await entriesOf(starting.id)).toMatchObject([{ ...system, action: 'published' }]);
    expect(await entriesOf(expiring.id)).toMatchObject([{ ...system, action: 'expired' }]);
  });
});

describe('access', () => {
  it('records allowed, denied and revoked on the content, naming the reader; a decided request again none', async () => {
    const admin = await as('ADMIN');
    const owner = await createUser({ role: 'CLIENT' });
    const reader = await createUser();
    const other = await createUser();
    const a = await createArticle({ userId: owner.id, restricted: true, title: 'Secret bread' });
    const allow = await createAccessRequest(reader.id, a.id, 'article');
    const deny = await createAccessRequest(other.id, a.id, 'article');
    expect((await admin.call(`/userContent/allow-request/${allow}`)).status).toBe(200);
    expect((await admin.call(`/userContent/deny-request/${deny}`)).status).toBe(200);
    expect((await admin.call(`/userContent/deny-request/${deny}`)).status).toBe(409);
    const revoked = await admin.call('/userContent/revoke-access-channel', {
      method: 'POST',
      body: { userId: reader.id, contentId: a.id },
    });
    expect(revoked.status).toBe(200);
    const again = await admin.call('/userContent/revoke-access-channel', {
      method: 'POST',
      body: { userId: reader.id, contentId: a.id },
    });
    expect(again.status).toBe(404);
    const access = { entityType: 'access', entityTitle: 'Secret bread', ownerId: owner.id };
    expect(await entriesOf(a.id)).toMatchObject([
      { ...access, action: 'access_allowed', fields: [`reader:${reader.name}`] },
      { ...access, action: 'access_denied', fields: [`reader:${other.name}`] },
      { ...access, action: 'access_revoked', fields: [`reader:${reader.name}`], requestId: requestIdOf(revoked) },
    ]);
  });

  it("an owner's revoke of a grant they do not manage records nothing", async () => {
    const editor = await as('CLIENT');
    const a = await createArticle({ restricted: true });
    const reader = await createUser();
    await grantAccess(reader.id, a.id, 'article');
    const res = await editor.call('/userContent/revoke-access-channel', {
      method: 'POST',
      body: { userId: reader.id, contentId: a.id },
    });
    expect(res.status).toBe(403);
    expect(await entriesOf(a.id)).toEqual([]);
  });
});

describe('users', () => {
  it('records a registration by the new user, and an ADMIN-made account by the ADMIN', async () => {
    const name = unique('newcomer');
    const res = await call('/users', {
      method: 'POST',
      body: { name, email: `${name}@example.com`, password: 'a-long-password-1' },
      headers: { 'CF-Connecting-IP': freshIp() },
    });
    expect(res.status).toBe(201);
    const id = res.body.result.id as string;
    expect(await entriesOf(id)).toMatchObject([
      { action: 'created', entityType: 'user', actorId: id, actorName: name, entityTitle: name, ownerId: id },
    ]);
    // The name is taken now: 409, and no entry.
    const taken = await call('/users', {
      method: 'POST',
      body: { name, password: 'a-long-password-1' },
      headers: { 'CF-Connecting-IP': freshIp() },
    });
    expect(taken.status).toBe(409);
    const admin = await as('ADMIN');
    const made = await admin.call('/users', {
      method: 'POST',
      body: { name: unique('made'), password: 'a-long-password-1', role: 'CLIENT' },
    });
    expect(await entriesOf(made.body.result.id)).toMatchObject([{ action: 'created', actorId: admin.user!.id }]);
  });

  it('records profile changes, a role change, deactivation and activation, and a password change', async () => {
    const admin = await as('ADMIN');
    const me = await as('REGULAR_USER');
    const id = me.user!.id;
    expect((await me.call(`/users/${id}`, { method: 'PUT', body: { role: 'ADMIN' } })).status).toBe(403);
    expect(await entriesOf(id)).toEqual([]);
    await me.call(`/users/${id}`, { method: 'PUT', body: { firstName: 'Ada', lastName: 'User' } });
    await admin.call(`/users/${id}`, { method: 'PUT', body: { role: 'CLIENT' } });
    await admin.call(`/users/${id}`, { method: 'PUT', body: { active: false } });
    await admin.call(`/users/${id}`, { method: 'PUT', body: { active: true } });
    const changed = await me.call(`/users/${id}`, {
      method: 'PUT',
      body: { password: 'another-long-password-2', currentPassword: me.user!.password },
    });
    expect(changed.status).toBe(200);
    expect(await entriesOf(id)).toMatchObject([
      { action: 'updated', fields: ['firstName'], actorId: id, ownerId: id },
      { action: 'role_changed', fields: ['role:CLIENT'], actorId: admin.user!.id },
      { action: 'deactivated', actorId: admin.user!.id },
      { action: 'activated', actorId: admin.user!.id },
      { action: 'password_changed', actorId: id, requestId: requestIdOf(changed) },
    ]);
  });

  it('records a password reset by the account itself, and account deletions', async () => {
    const user = await createUser();
    const token = await createResetToken(user.id);
    const reset = await call('/users/reset-password', {
      method: 'POST',
      body: { token, password: 'a-brand-new-password-3' },
    });
    expect(reset.status).toBe(200);
    expect(await entriesOf(user.id)).toMatchObject([{ action: 'password_changed', actorId: user.id }]);
    const admin = await as('ADMIN');
    await admin.call(`/users/${user.id}`, { method: 'DELETE', body: {} });
    expect((await entriesOf(user.id)).at(-1)).toMatchObject({ action: 'deleted', actorId: admin.user!.id });
    // An account that owns content cannot be deleted by ADMIN: 409, no entry.
    const owner = await createUser({ role: 'CLIENT' });
    await createArticle({ userId: owner.id });
    expect((await admin.call(`/users/${owner.id}`, { method: 'DELETE', body: {} })).status).toBe(409);
    expect(await entriesOf(owner.id)).toEqual([]);
  });

  it('records a sign-in with its session, and one failed sign-in burst when the budget is exhausted', async () => {
    const user = await createUser();
    const ip = freshIp();
    const signIn = (password: string) =>
      call('/users/auth', {
        method: 'POST',
        body: { username: user.name, password },
        headers: { 'CF-Connecting-IP': ip },
      });
    const ok = await signIn(user.password);
    expect(ok.status).toBe(200);
    expect(await entriesOf(user.id)).toMatchObject([
      { action: 'signed_in', actorId: user.id, actorName: user.name, requestId: requestIdOf(ok) },
    ]);
    for (let i = 0; i < LOGIN_LIMITS.account - 1; i++) expect((await signIn('wrong-password')).status).toBe(401);
    expect(await actionsOf(user.id)).toEqual(['signed_in']);
    expect((await signIn('wrong-password')).status).toBe(401);
    expect((await signIn('wrong-password')).status).toBe(429);
    const burst = (await entriesOf(user.id)).filter((e) => e.action === 'failed_sign_in_burst');
    expect(burst).toMatchObject([{ entityId: user.id, actorId: null, actorName: 'anonymous', ownerId: user.id }]);
  });
});

describe('no way to change the log', () => {
  it('has no route that edits or deletes an entry', async () => {
    const admin = await as('ADMIN');
    const a = await createArticle({ userId: admin.user!.id });
    await admin.call(`/articles/${a.id}`, { method: 'DELETE' });
    const [entry] = await entriesOf(a.id);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const path of ['/admin/auditLog', `/admin/auditLog/${entry!.id}`, '/auditLog', `/auditLog/${entry!.id}`]) {
        const res = await admin.call(path, { method, body: { actorName: 'someone else' } });
        expect([404, 405]).toContain(res.status);
      }
    }
    expect(await entriesOf(a.id)).toEqual([entry]);
  });
});

describe('reading the log', () => {
  it('ADMIN filters by actor, entity, action and time, newest first, page by page; bad filters are 400', async () => {
    const admin = await as('ADMIN');
    const editor = await as('CLIENT');
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const res = await editor.call('/articles', { method: 'POST', body: { title, type: 'text', channelId: null } });
      ids.push(res.body.result.id);
    }
    await admin.call(`/articles/${ids[1]}`, { method: 'DELETE' });
    const page1 = await admin.call(`/admin/auditLog?actor=${editor.user!.id}&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.result.items.map((e: { entityTitle: string }) => e.entityTitle)).toEqual(['Three', 'Two']);
    const page2 = await admin.call(
      `/admin/auditLog?actor=${editor.user!.id}&limit=2&cursor=${page1.body.result.nextCursor}`,
    );
    expect(page2.body.result).toMatchObject({ items: [{ entityTitle: 'One', entityExists: true }], nextCursor: null });
    const deleted = await admin.call(`/admin/auditLog?action=deleted&entityType=article&entityId=${ids[1]}`);
    expect(deleted.body.result.items).toMatchObject([
      { actorId: admin.user!.id, actorName: admin.user!.name, entityTitle: 'Two', entityExists: false },
    ]);
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await admin.call(`/admin/auditLog?actor=${editor.user!.id}&from=${future}`)).body.result.items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.call(`/admin/auditLog?actor=${editor.user!.id}&to=${today}`)).body.result.items).toHaveLength(
      3,
    );
    for (const bad of ['action=exploded', 'entityType=planet', 'actor=nobody', 'from=yesterday', 'cursor=x']) {
      const res = await admin.call(`/admin/auditLog?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
    }
    expect((await editor.call('/admin/auditLog')).status).toBe(403);
  });

  it("an editor sees their own content's entries, never someone else's; ADMIN sees any entity's", async () => {
    const owner = await as('CLIENT');
    const other = await as('CLIENT');
    const admin = await as('ADMIN');
    const a = await createArticle({ userId: owner.user!.id });
    await owner.call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'Changed by owner' } });
    await admin.call(`/articles/${a.id}`, { method: 'PUT', body: { title: 'Changed by admin' } });
    const mine = await owner.call(`/auditLog?entityId=${a.id}`);
    expect(mine.body.result.items.map((e: { actorId: string }) => e.actorId)).toEqual([admin.user!.id, owner.user!.id]);
    expect((await other.call(`/auditLog?entityId=${a.id}`)).body.result.items).toEqual([]);
    expect((await admin.call(`/auditLog?entityId=${a.id}`)).body.result.items).toHaveLength(2);
    expect((await call(`/auditLog?entityId=${a.id}`)).status).toBe(401);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, a.id), eq(auditLog.ownerId, owner.user!.id)))
        .all(),
    ).toHaveLength(2);
  });
});
