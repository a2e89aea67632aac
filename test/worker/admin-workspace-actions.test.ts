// The API behind the admin workspace (docs/decisions/015-admin-workspace.md): paged lists of access requests, grants, publication requests,
// users and contact messages; publication transitions and expiry; the badge counts; sibling order of categories.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessagePage, type Category } from '#schema/entities';
import { contactMessages } from '#schema/tables';
import { OWNS_CONTENT } from '#worker/queries/users';
import { createCategory, createChannel } from './content-factories';
import { as, call, createUser, db, unique } from './helpers';
import { createContactMessage } from './matrix-fixtures';
import { MINUTE, allPages } from './admin-workspace-kit';

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
