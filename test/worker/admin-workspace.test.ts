// The API behind the admin workspace (docs/decisions/015-admin-workspace.md): paged lists of access requests, grants, publication requests,
// users and contact messages; publication transitions and expiry; the badge counts; sibling order of categories.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminCounts,
  contactMessagePage,
  contentAccessPage,
  contentRequestPage,
  publicationRequestPage,
  userPage,
  type Category,
} from '#schema/entities';
import { PUBLICATION_STATUSES } from '#schema/enums';
import { articles, contactMessages, publicationRequests } from '#schema/tables';
import worker from '#worker/index';
import type { PublicationStatus } from '#worker/queries/publications';
import { OWNS_CONTENT } from '#worker/queries/users';
import { createArticle, createCategory, createChannel, grantAccess } from './content-factories';
import { as, call, createUser, db, unique } from './helpers';
import { createAccessRequest, createContactMessage, createPublicationRequest } from './matrix-fixtures';

type Caller = Awaited<ReturnType<typeof as>>;
const MINUTE = 60_000;

/** Follows `nextCursor` from the first page to the end; returns every page's ids. */
async function allPages(who: Caller, path: string): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const res: {
      status: number;
      body: { message: string; result: { items: { id: string }[]; nextCursor: string | null } };
    } = await who.call(`${path}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, res.body.message).toBe(200);
    pages.push(res.body.result.items.map((i) => i.id));
    cursor = res.body.result.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

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

describe('contact messages', () => {
  it('lists newest first, paged, open or handled; marks read and handled; ADMIN only', async () => {
    const admin = await as('ADMIN');
    const base = Date.now() - 10 * MINUTE;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        await createContactMessage({
          createdAt: base + i * 1000,
          kind: i % 2 ? 'orderChannel' : 'contact',
          channelName: i % 2 ? 'Cooking' : null,
        }),
      );
    const listed = (await allPages(admin, '/contact/messages?limit=2')).flat();
    expect(listed.filter((id) => ids.includes(id))).toEqual([...ids].reverse());

    const target = ids[2]!;
    const read = await admin.call(`/contact/messages/${target}`, { method: 'PUT', body: { read: true } });
    expect(read.status).toBe(200);
    expect(read.body.result).toMatchObject({ id: target, handledAt: null });
    expect(read.body.result.readAt).toEqual(expect.any(String));
    const handled = await admin.call(`/contact/messages/${target}`, { method: 'PUT', body: { handled: true } });
    expect(handled.body.result.handledAt).toEqual(expect.any(String));
    expect(handled.body.result.readAt).toBe(read.body.result.readAt);

    const open = contactMessagePage.parse((await admin.call('/contact/messages?status=open&limit=100')).body.result);
    expect(open.items.map((m) => m.id)).not.toContain(target);
    const done = contactMessagePage.parse((await admin.call('/contact/messages?status=handled&limit=100')).body.result);
    expect(done.items.map((m) => m.id)).toContain(target);

    const reopened = await admin.call(`/contact/messages/${target}`, {
      method: 'PUT',
      body: { handled: false, read: false },
    });
    expect(reopened.body.result).toMatchObject({ handledAt: null, readAt: null });
    expect((await admin.call(`/contact/messages/${target}`, { method: 'PUT', body: {} })).body).toEqual({
      code: 400,
      message: 'Validation error: Expected read or handled at ""',
      result: { issues: [{ path: [], code: 'custom', message: 'Expected read or handled' }] },
    });
    expect(
      (await admin.call(`/contact/messages/${crypto.randomUUID()}`, { method: 'PUT', body: { read: true } })).status,
    ).toBe(404);
    expect((await (await as('CLIENT')).call('/contact/messages')).status).toBe(403);
    expect((await call('/contact/messages')).status).toBe(401);
  });

  it('stores a message sent through the form unread and open', async () => {
    const admin = await as('ADMIN');
    const email = `${unique('visitor')}@example.com`;
    const sent = await call('/contact', {
      method: 'POST',
      body: { kind: 'contact', name: 'Visitor', email, message: 'Please call back' },
    });
    expect(sent.status).toBe(201);
    const row = await db().select().from(contactMessages).where(eq(contactMessages.id, sent.body.result.id)).get();
    expect(row).toMatchObject({ readAt: null, handledAt: null });
    const page = contactMessagePage.parse((await admin.call('/contact/messages?status=open')).body.result);
    expect(page.items[0]).toMatchObject({
      id: sent.body.result.id,
      email,
      message: 'Please call back',
      kind: 'contact',
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

describe('PUT /categories/{id}/position', () => {
  it('moves a category among its siblings and renumbers them in one go', async () => {
    const admin = await as('ADMIN');
    const parent = await createCategory();
    const [a, b, c, d] = await Promise.all(
      ['A', 'B', 'C', 'D'].map((t, i) => createCategory({ parentId: parent.id, title: t, ordinal: i * 10 })),
    );
    const order = async () =>
      ((await call(`/categories/${parent.id}/children`)).body.result.categories as Category[]).map((x) => x.title);

    const res = await admin.call(`/categories/${d!.id}/position`, { method: 'PUT', body: { index: 0 } });
    expect(res.status).toBe(200);
    expect((res.body.result as Category[]).map((x) => [x.title, x.ordinal])).toEqual([
      ['D', 0],
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    expect(await order()).toEqual(['D', 'A', 'B', 'C']);
    await admin.call(`/categories/${a!.slug}/position`, { method: 'PUT', body: { index: 99 } });
    expect(await order()).toEqual(['D', 'B', 'C', 'A']);
    await admin.call(`/categories/${b!.id}/position`, { method: 'PUT', body: { index: 2 } });
    expect(await order()).toEqual(['D', 'C', 'B', 'A']);
    expect(c).toBeDefined();
    expect(
      (await admin.call(`/categories/${crypto.randomUUID()}/position`, { method: 'PUT', body: { index: 0 } })).status,
    ).toBe(404);
    expect((await admin.call(`/categories/${a!.id}/position`, { method: 'PUT', body: { index: -1 } })).status).toBe(
      400,
    );
  });

  it('refuses a move into its own subtree and a delete while children or content remain, with messages an admin can act on', async () => {
    const admin = await as('ADMIN');
    const top = await createCategory();
    const child = await createCategory({ parentId: top.id });
    const moved = await admin.call(`/categories/${top.id}`, { method: 'PUT', body: { parentId: child.id } });
    expect(moved.body).toEqual({
      code: 409,
      message: 'A category cannot move inside its own sub-categories',
      result: null,
    });
    const refused = await admin.call(`/categories/${top.id}`, { method: 'DELETE' });
    expect(refused.body).toEqual({
      code: 409,
      message: 'The category still has 1 sub-category; move or unlink them before deleting it',
      result: null,
    });
  });
});

describe('DELETE /users/{id} of an owner', () => {
  it('is 409 with a message that offers deactivation, and deactivation works', async () => {
    const admin = await as('ADMIN');
    const owner = await createUser({ role: 'CLIENT' });
    await createChannel({ userId: owner.id });
    expect((await admin.call(`/users/${owner.id}`, { method: 'DELETE' })).body).toEqual({
      code: 409,
      message: OWNS_CONTENT,
      result: { issues: [{ path: [], code: 'owns_content', message: OWNS_CONTENT }] },
    });
    expect(OWNS_CONTENT).toMatch(/deactivate/);
    expect(
      (await admin.call(`/users/${owner.id}`, { method: 'PUT', body: { active: false } })).body.result.active,
    ).toBe(false);
  });
});
