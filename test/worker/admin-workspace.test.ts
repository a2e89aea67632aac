// The API behind the admin workspace (docs/decisions/015-admin-workspace.md): paged lists of access requests, grants, publication requests,
// users and contact messages; publication transitions and expiry; the badge counts; sibling order of categories.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCounts, contentAccessPage, contentRequestPage, publicationRequestPage, userPage } from '#schema/entities';
import { PUBLICATION_STATUSES } from '#schema/enums';
import { articles, publicationRequests } from '#schema/tables';
import worker from '#worker/index';
import type { PublicationStatus } from '#worker/queries/publications';
import { createArticle, createChannel, grantAccess } from './content-factories';
import { as, createUser, db, unique } from './helpers';
import { createAccessRequest, createContactMessage, createPublicationRequest } from './matrix-fixtures';
import { MINUTE, allPages } from './admin-workspace-kit';

describe('paged lists', () => {
  it('pages ADMIN’s request queue of both types, newest first, each row once; limit over 100 is 400', async () => {
    const admin = await as('ADMIN');
    const asker = await createUser();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const article = await createArticle({ restricted: true });
      const channel = await createChannel({ restricted: true });
      made.push(await createAccessRequest(asker.id, article.id, 'article'));
      made.push(await createAccessRequest(asker.id, channel.id, 'channel'));
    }
    const pages = await allPages(admin, '/userContent/requests?status=PENDING&limit=3');
    expect(pages.slice(0, -1).every((p) => p.length === 3)).toBe(true);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(made));

    const first = contentRequestPage.parse(
      (await admin.call('/userContent/requests?contentType=channel&limit=100')).body.result,
    );
    expect(first.items.every((r) => r.contentType === 'channel')).toBe(true);
    expect((await admin.call('/userContent/requests?limit=101')).status).toBe(400);
    expect((await admin.call('/userContent/requests/articles?limit=1000')).status).toBe(400);
    expect((await admin.call('/userContent/requests?cursor=nonsense')).body).toEqual({
      code: 400,
      message: 'Invalid cursor',
      result: { issues: [] },
    });
    const perType = contentRequestPage.parse((await admin.call('/userContent/requests/articles?limit=2')).body.result);
    expect(perType.items).toHaveLength(2);
    expect(perType.nextCursor).not.toBeNull();
  });

  it('pages granted access and lets ADMIN revoke a grant whose content is gone', async () => {
    const admin = await as('ADMIN');
    const reader = await createUser();
    const granted: string[] = [];
    for (let i = 0; i < 4; i++)
      granted.push((await grantAccess(reader.id, (await createArticle({ restricted: true })).id, 'article')).id);
    const pages = await allPages(admin, '/userContent/access?contentType=article&limit=2');
    expect(pages.flat()).toEqual(expect.arrayContaining(granted));
    const page = contentAccessPage.parse((await admin.call('/userContent/access/articles?limit=2')).body.result);
    expect(page.items).toHaveLength(2);

    const orphan = crypto.randomUUID();
    await grantAccess(reader.id, orphan, 'article');
    const revoked = await admin.call('/userContent/revoke-access-channel', {
      method: 'POST',
      body: { userId: reader.id, contentId: orphan },
    });
    expect(revoked.body.result).toEqual({ userId: reader.id, contentId: orphan, revoked: true });
  });

  it('filters and pages users alphabetically; % and _ match themselves', async () => {
    const admin = await as('ADMIN');
    const tag = unique('zz-filter').toLowerCase();
    for (const n of ['c', 'a', 'b', 'd', 'e'])
      await createUser({ name: `${tag}-${n}`, role: n === 'e' ? 'CONTRIBUTOR' : 'REGULAR_USER', active: n !== 'd' });
    await createUser({ name: `${tag}_x%y` });
    const pages = await allPages(admin, `/users?q=${tag}&limit=2`);
    const names = async (path: string) => userPage.parse((await admin.call(path)).body.result).items.map((u) => u.name);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2]);
    expect(await names(`/users?q=${tag}-&limit=100`)).toEqual(['a', 'b', 'c', 'd', 'e'].map((n) => `${tag}-${n}`));
    expect(await names(`/users?q=${tag}&role=CONTRIBUTOR`)).toEqual([`${tag}-e`]);
    expect(await names(`/users?q=${tag}&active=false`)).toEqual([`${tag}-d`]);
    expect(await names(`/users?q=${encodeURIComponent(`${tag}_x%`)}`)).toEqual([`${tag}_x%y`]);
    expect(await names(`/users?q=${encodeURIComponent('Test User')}&limit=1`)).toHaveLength(1);
    expect((await admin.call('/users?limit=101')).status).toBe(400);
    expect((await admin.call('/users?role=KING')).status).toBe(400);
  });
});

describe('publication statuses', () => {
  const allowed: Record<PublicationStatus, PublicationStatus[]> = {
    PENDING: ['PENDING', 'APPROVED', 'REJECTED'],
    APPROVED: ['APPROVED', 'REJECTED', 'EXPIRED', 'UNPUBLISHED'],
    REJECTED: ['REJECTED'],
    EXPIRED: ['EXPIRED'],
    UNPUBLISHED: ['UNPUBLISHED'],
  };
  const pairs = PUBLICATION_STATUSES.flatMap((from) => PUBLICATION_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', async (from, to) => {
    const admin = await as('ADMIN');
    const owner = await createUser({ role: 'CLIENT' });
    const article = await createArticle({ userId: owner.id, published: from === 'APPROVED' });
    const id = await createPublicationRequest(owner.id, article.id, 'article');
    await db().update(publicationRequests).set({ status: from }).where(eq(publicationRequests.id, id));
    const res = await admin.call('/publications/update-status', { method: 'PUT', body: { id, status: to } });
    const published = (await db().select().from(articles).where(eq(articles.id, article.id)).get())!.published;
    if (allowed[from].includes(to)) {
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.result.status).toBe(to);
      expect(published).toBe(to === 'APPROVED');
    } else {
      expect(res.body).toEqual({
        code: 400,
        message: `A ${from.toLowerCase()} publication request cannot become ${to.toLowerCase()}`,
        result: { issues: [] },
      });
      expect(published).toBe(from === 'APPROVED');
    }
  });

  it('stores the expiry as UTC, whatever offset the date carries; closed requests have none to change', async () => {
    const admin = await as('ADMIN');
    const owner = await createUser({ role: 'CLIENT' });
    const id = await createPublicationRequest(
      owner.id,
      (await createArticle({ userId: owner.id, published: false })).id,
      'article',
    );
    const res = await admin.call('/publications/update-expiration', {
      method: 'PUT',
      body: { id, expirationDate: '2031-05-06T09:08:09+02:00' },
    });
    expect(res.body.result.expirationDate).toBe('2031-05-06T07:08:09.000Z');
    expect(
      (await db().select().from(publicationRequests).where(eq(publicationRequests.id, id)).get())!.expirationDate,
    ).toBe(Date.UTC(2031, 4, 6, 7, 8, 9));
    await admin.call('/publications/update-status', { method: 'PUT', body: { id, status: 'REJECTED' } });
    expect(
      (await admin.call('/publications/update-expiration', { method: 'PUT', body: { id, expirationDate: null } })).body,
    ).toEqual({
      code: 400,
      message: 'A rejected publication request has no expiry to change',
      result: { issues: [] },
    });
  });

  it('"expires within N days": open requests only, soonest first, paged in that order; editors see their own', async () => {
    const admin = await as('ADMIN');
    const editor = await as('CLIENT');
    const now = Date.now();
    const day = 24 * 3600 * 1000;
    const make = async (ownerId: string, status: PublicationStatus, expiry: number | null) => {
      const id = await createPublicationRequest(
        ownerId,
        (await createArticle({ userId: ownerId, published: false })).id,
        'article',
      );
      await db()
        .update(publicationRequests)
        .set({ status, expirationDate: expiry })
        .where(eq(publicationRequests.id, id));
      return id;
    };
    const other = await createUser({ role: 'CLIENT' });
    const in3 = await make(editor.user!.id, 'APPROVED', now + 3 * day);
    const in1 = await make(other.id, 'PENDING', now + 1 * day);
    const in6 = await make(editor.user!.id, 'APPROVED', now + 6 * day);
    const in9 = await make(editor.user!.id, 'APPROVED', now + 9 * day);
    const rejected = await make(editor.user!.id, 'REJECTED', now + 2 * day);
    const openEnded = await make(editor.user!.id, 'APPROVED', null);

    const soon = (await allPages(admin, '/publications/requests?expiresWithinDays=7&limit=1')).flat();
    const mine = [in1, in3, in6, in9, rejected, openEnded];
    expect(soon.filter((id) => mine.includes(id))).toEqual([in1, in3, in6]);
    const editorSoon = publicationRequestPage.parse(
      (await editor.call('/publications/requests?expiresWithinDays=7&status=APPROVED')).body.result,
    );
    expect(editorSoon.items.map((r) => r.id)).toEqual([in3, in6]);
    expect((await editor.call('/publications/requests?expiresWithinDays=0')).status).toBe(400);
    const newest = publicationRequestPage.parse((await editor.call('/publications/requests?limit=2')).body.result);
    expect(newest.items).toHaveLength(2);
    expect(newest.items.every((r) => r.userId === editor.user!.id)).toBe(true);
  });

  it('approved with an expiry two minutes ahead, expired by the Cron Trigger handler', async () => {
    const editor = await as('CLIENT');
    const admin = await as('ADMIN');
    const reader = await as('REGULAR_USER');
    const article = await createArticle({ userId: editor.user!.id, published: false });
    const request = (
      await editor.call('/publications', { method: 'POST', body: { contentId: article.id, type: 'article' } })
    ).body.result;
    const expiry = Date.now() + 2 * MINUTE;
    await admin.call('/publications/update-expiration', {
      method: 'PUT',
      body: { id: request.id, expirationDate: new Date(expiry).toISOString() },
    });
    expect(
      (await admin.call('/publications/update-status', { method: 'PUT', body: { id: request.id, status: 'APPROVED' } }))
        .status,
    ).toBe(200);
    expect((await reader.call(`/articles/${article.id}`)).status).toBe(200);

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: expiry, cron: '*/5 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await reader.call(`/articles/${article.id}`)).status).toBe(404);
    const listed = publicationRequestPage.parse(
      (await admin.call('/publications/requests?status=EXPIRED&limit=100')).body.result,
    );
    expect(listed.items.find((r) => r.id === request.id)).toMatchObject({
      status: 'EXPIRED',
      expirationDate: new Date(expiry).toISOString(),
    });
  });
});

describe('GET /admin/counts', () => {
  it('counts pending access requests, pending publications and unread messages', async () => {
    const admin = await as('ADMIN');
    const counts = async () => adminCounts.parse((await admin.call('/admin/counts')).body.result);
    const before = await counts();
    const asker = await createUser();
    const owner = await createUser({ role: 'CLIENT' });
    const requestId = await createAccessRequest(asker.id, (await createArticle({ restricted: true })).id, 'article');
    await createPublicationRequest(
      owner.id,
      (await createArticle({ userId: owner.id, published: false })).id,
      'article',
    );
    const messageId = await createContactMessage();
    expect(await counts()).toEqual({
      pendingAccessRequests: before.pendingAccessRequests + 1,
      pendingPublications: before.pendingPublications + 1,
      unreadMessages: before.unreadMessages + 1,
    });
    await admin.call(`/userContent/deny-request/${requestId}`);
    await admin.call(`/contact/messages/${messageId}`, { method: 'PUT', body: { read: true } });
    expect(await counts()).toMatchObject({
      pendingAccessRequests: before.pendingAccessRequests,
      unreadMessages: before.unreadMessages,
    });
  });
});
