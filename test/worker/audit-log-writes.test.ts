// Every kind of write records its audit entries (who, what, which fields, the owner, the request id) in its own
// batch, and a refused or failed change leaves none (decision 033). Through the worker's real fetch handler.
import { env } from 'cloudflare:workers';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicationRequests, revisions } from '#schema/tables';
import { runScheduled } from '#worker/scheduled';
import { as, createUser, db, unique } from './helpers';
import { createArticle, createCategory, createChannel, createNewsItem, grantAccess } from './content-factories';
import { createAccessRequest, createPublicationRequest } from './matrix-fixtures';
import { entriesOf, actionsOf, requestIdOf } from './audit-log-kit';

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
