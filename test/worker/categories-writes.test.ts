import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { category } from '#schema/entities';
import { blobs, categories, slugs } from '#schema/tables';
import { categoryDependants } from '#worker/queries/category-writes';
import { createArticle, createCategory, createChannel, createBlob } from './content-factories';
import { as, call, db, unique } from './helpers';
import { multipartBody, pngBytes } from './upload-fixtures';
import { admin } from './categories-kit';

describe('POST /categories', () => {
  it('is for ADMIN only', async () => {
    expect((await call('/categories', { method: 'POST', body: { title: 'X' } })).status).toBe(401);
    for (const role of ['REGULAR_USER', 'CLIENT', 'CONTRIBUTOR'] as const) {
      const { call: asRole } = await as(role);
      expect((await asRole('/categories', { method: 'POST', body: { title: 'X' } })).status).toBe(403);
    }
  });

  it('creates a category with a unique slug made from the title, appended after its siblings', async () => {
    const { call: asAdmin } = await admin();
    const parent = await createCategory();
    await createCategory({ parentId: parent.id, ordinal: 4 });
    const title = `Café ${unique('t')}`;
    const first = await asAdmin('/categories', { method: 'POST', body: { title, parentId: parent.id } });
    expect(first.status).toBe(201);
    const made = category.parse(first.body.result);
    expect(made).toMatchObject({ title, parentId: parent.id, ordinal: 5, imageHref: null });
    expect(made.slug).toMatch(/^cafe-t-/);
    const second = category.parse((await asAdmin('/categories', { method: 'POST', body: { title } })).body.result);
    expect(second.slug).toBe(`${made.slug}-2`);
    expect(second.ordinal).toBeGreaterThanOrEqual(0);
    expect(await db().select().from(slugs).where(eq(slugs.entityId, made.id)).all()).toMatchObject([
      { slug: made.slug, entityId: made.id, entityKind: 'category' },
    ]);
    expect(await env.KV.get(`slug:${made.slug}`)).toBe(made.id);
    expect((await call(`/categories/${made.slug}`)).body.result.id).toBe(made.id);
  });

  it('takes a given slug, and refuses one already taken with 409', async () => {
    const { call: asAdmin } = await admin();
    const slug = unique('given').toLowerCase();
    const res = await asAdmin('/categories', { method: 'POST', body: { title: 'Given', slug } });
    expect(res.status).toBe(201);
    expect(res.body.result.slug).toBe(slug);
    const channel = await createChannel();
    for (const taken of [slug, channel.slug]) {
      const again = await asAdmin('/categories', { method: 'POST', body: { title: 'Again', slug: taken } });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Slug already taken');
    }
  });

  it('refuses an unknown parent with 400 and invalid input with 400', async () => {
    const { call: asAdmin } = await admin();
    const res = await asAdmin('/categories', {
      method: 'POST',
      body: { title: 'Orphan', parentId: crypto.randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Parent category not found');
    const bad = await asAdmin('/categories', { method: 'POST', body: { title: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Validation error: .* at "title"/);
  });

  it('stores an image sent as a multipart part', async () => {
    const { call: asAdmin, user } = await admin();
    const res = await asAdmin('/categories', {
      method: 'POST',
      body: multipartBody({ title: 'Pictured', imageFileTag: 'img' }, { img: pngBytes() }),
    });
    expect(res.status).toBe(201);
    const made = category.parse(res.body.result);
    expect(made.imageHref).toMatch(/^\/api\/files\/image\//);
    const key = made.imageHref!.slice('/api/files/'.length);
    expect(await env.FILES.head(key)).not.toBeNull();
    expect((await db().select().from(blobs).where(eq(blobs.key, key)).get())?.userId).toBe(user!.id);
  });

  it('refuses a missing file part with 400 and writes nothing', async () => {
    const { call: asAdmin } = await admin();
    const title = unique('Missing file');
    const res = await asAdmin('/categories', { method: 'POST', body: { title, imageFileTag: 'nope' } });
    expect(res.status).toBe(400);
    expect(await db().select().from(categories).where(eq(categories.title, title)).all()).toEqual([]);
  });
});

describe('PUT /categories/{id}', () => {
  it('renames, reorders and moves a category (appending under the new parent)', async () => {
    const { call: asAdmin } = await admin();
    const from = await createCategory();
    const to = await createCategory();
    await createCategory({ parentId: to.id, ordinal: 8 });
    const cat = await createCategory({ parentId: from.id });
    const res = await asAdmin(`/categories/${cat.id}`, { method: 'PUT', body: { title: 'Renamed', parentId: to.id } });
    expect(res.status).toBe(200);
    expect(category.parse(res.body.result)).toMatchObject({
      id: cat.id,
      title: 'Renamed',
      parentId: to.id,
      ordinal: 9,
      slug: cat.slug,
    });
    const reorder = await asAdmin(`/categories/${cat.slug}`, { method: 'PUT', body: { ordinal: 0, parentId: null } });
    expect(reorder.body.result).toMatchObject({ parentId: null, ordinal: 0 });
    expect((await call(`/categories/${cat.id}`)).body.result).toMatchObject({
      title: 'Renamed',
      parentId: null,
      ordinal: 0,
    });
  });

  it('refuses a move that would make a cycle with 409 and changes nothing', async () => {
    const { call: asAdmin } = await admin();
    const a = await createCategory();
    const b = await createCategory({ parentId: a.id });
    const c = await createCategory({ parentId: b.id });
    for (const parentId of [a.id, b.id, c.id]) {
      const res = await asAdmin(`/categories/${a.id}`, { method: 'PUT', body: { parentId, title: 'Changed' } });
      expect(res.status).toBe(409);
    }
    expect((await call(`/categories/${a.id}`)).body.result).toMatchObject({
      parentId: null,
      title: expect.not.stringMatching('Changed'),
    });
    expect(
      (await asAdmin(`/categories/${a.id}`, { method: 'PUT', body: { parentId: crypto.randomUUID() } })).status,
    ).toBe(400);
  });

  it('changes the slug in the slugs table and in KV; the old slug keeps leading to the category', async () => {
    const { call: asAdmin } = await admin();
    const cat = await createCategory();
    expect((await call(`/categories/${cat.slug}`)).status).toBe(200); // warms KV with the old slug
    expect(await env.KV.get(`slug:${cat.slug}`)).toBe(cat.id);
    const slug = unique('moved').toLowerCase();
    const res = await asAdmin(`/categories/${cat.id}`, { method: 'PUT', body: { title: 'Renamed', slug } });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ slug, title: 'Renamed' });
    expect(await env.KV.get(`slug:${slug}`)).toBe(cat.id);
    // Old links and bookmarks: the old slug resolves, and says which slug is current, so the SPA moves there.
    expect((await call(`/categories/${cat.slug}`)).body.result).toMatchObject({ id: cat.id, slug });
    expect((await call(`/slugs/${cat.slug}`)).body.result).toEqual({
      slug: cat.slug,
      entityId: cat.id,
      currentSlug: slug,
    });
    expect((await call(`/categories/${slug}`)).body.result.id).toBe(cat.id);
    const rows = await db().select().from(slugs).where(eq(slugs.entityId, cat.id)).all();
    expect(rows.sort((a, b) => Number(b.current) - Number(a.current))).toEqual([
      { slug, entityId: cat.id, entityKind: 'category', current: true },
      { slug: cat.slug, entityId: cat.id, entityKind: 'category', current: false },
    ]);
    // Neither the new nor the old slug can be taken by another category.
    const other = await createCategory();
    expect((await asAdmin(`/categories/${other.id}`, { method: 'PUT', body: { slug } })).status).toBe(409);
    expect((await asAdmin(`/categories/${other.id}`, { method: 'PUT', body: { slug: cat.slug } })).status).toBe(409);
    // Taking its old slug back makes it current again.
    const back = await asAdmin(`/categories/${cat.id}`, { method: 'PUT', body: { slug: cat.slug } });
    expect(back.body.result.slug).toBe(cat.slug);
    expect((await call(`/slugs/${slug}`)).body.result.currentSlug).toBe(cat.slug);
    // Deleting the category removes every slug it had.
    expect((await asAdmin(`/categories/${cat.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await db().select().from(slugs).where(eq(slugs.entityId, cat.id)).all()).toEqual([]);
  });

  it('replaces and removes the image, deleting the old file', async () => {
    const { call: asAdmin } = await admin();
    const cat = await createCategory();
    const first = await asAdmin(`/categories/${cat.id}`, {
      method: 'PUT',
      body: multipartBody({ imageFileTag: 'a' }, { a: pngBytes() }),
    });
    expect(first.status).toBe(200);
    const oldKey = first.body.result.imageHref.slice('/api/files/'.length);
    const second = await asAdmin(`/categories/${cat.id}`, {
      method: 'PUT',
      body: multipartBody({ imageFileTag: 'b' }, { b: pngBytes() }),
    });
    const newKey = second.body.result.imageHref.slice('/api/files/'.length);
    expect(newKey).not.toBe(oldKey);
    expect(await env.FILES.head(oldKey)).toBeNull();
    expect(await db().select().from(blobs).where(eq(blobs.key, oldKey)).get()).toBeUndefined();
    const removed = await asAdmin(`/categories/${cat.id}`, { method: 'PUT', body: { imageFileTag: null } });
    expect(removed.body.result.imageHref).toBeNull();
    expect(await env.FILES.head(newKey)).toBeNull();
  });

  it('is ADMIN only and 404 for an unknown category', async () => {
    const cat = await createCategory();
    const { call: asClient } = await as('CLIENT');
    expect((await asClient(`/categories/${cat.id}`, { method: 'PUT', body: { title: 'No' } })).status).toBe(403);
    const { call: asAdmin } = await admin();
    expect(
      (await asAdmin(`/categories/${crypto.randomUUID()}`, { method: 'PUT', body: { title: 'No' } })).body,
    ).toEqual({ code: 404, message: 'Category not found', result: null });
  });
});

describe('DELETE /categories/{id}', () => {
  it('refuses with 409 while sub-categories, channels or articles are inside', async () => {
    const { call: asAdmin } = await admin();
    const withSub = await createCategory();
    await createCategory({ parentId: withSub.id });
    const withChannel = await createCategory();
    await createChannel({ categoryIds: [withChannel.id], published: false });
    const withArticle = await createCategory();
    await createArticle({ categoryIds: [withArticle.id], publishedAtCategory: false });
    for (const [cat, what] of [
      [withSub, 'sub-category'],
      [withChannel, 'channel'],
      [withArticle, 'article'],
    ] as const) {
      const res = await asAdmin(`/categories/${cat.id}`, { method: 'DELETE' });
      expect(res.status).toBe(409);
      expect(res.body.message).toContain(`1 ${what}`);
      expect((await call(`/categories/${cat.id}`)).status).toBe(200);
    }
    expect(await categoryDependants(db(), withChannel.id)).toEqual({ categories: 0, channels: 1, articles: 0 });
  });

  it('deletes an empty category with its slug (table and KV) and its image', async () => {
    const { call: asAdmin, user } = await admin();
    const blob = await createBlob(user!.id);
    await env.FILES.put(blob.key, pngBytes());
    const cat = await createCategory({ imageKey: blob.key });
    await call(`/categories/${cat.slug}`);
    expect(await env.KV.get(`slug:${cat.slug}`)).toBe(cat.id);
    const res = await asAdmin(`/categories/${cat.slug}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await call(`/categories/${cat.id}`)).status).toBe(404);
    expect(await env.KV.get(`slug:${cat.slug}`)).toBeNull();
    expect(await db().select().from(slugs).where(eq(slugs.entityId, cat.id)).all()).toEqual([]);
    expect(await env.FILES.head(blob.key)).toBeNull();
    expect(await db().select().from(blobs).where(eq(blobs.key, blob.key)).all()).toEqual([]);
    expect((await asAdmin(`/categories/${cat.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('with ?children=moveUp moves the sub-categories up to its parent, after its siblings, and deletes it', async () => {
    const { call: asAdmin } = await admin();
    const top = await createCategory();
    const sibling = await createCategory({ parentId: top.id, ordinal: 4 });
    const doomed = await createCategory({ parentId: top.id, ordinal: 5 });
    const first = await createCategory({ parentId: doomed.id, ordinal: 0 });
    const second = await createCategory({ parentId: doomed.id, ordinal: 1 });
    const grandchild = await createCategory({ parentId: first.id });
    const res = await asAdmin(`/categories/${doomed.id}?children=moveUp`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await call(`/categories/${doomed.id}`)).status).toBe(404);
    const rows = await db().select().from(categories).where(eq(categories.parentId, top.id)).all();
    const order = rows.sort((a, b) => a.ordinal - b.ordinal).map((r) => r.id);
    expect(order).toEqual([sibling.id, first.id, second.id]);
    expect((await db().select().from(categories).where(eq(categories.id, grandchild.id)).get())?.parentId).toBe(
      first.id,
    );

    // A root's children become roots.
    const root = await createCategory();
    const child = await createCategory({ parentId: root.id });
    expect((await asAdmin(`/categories/${root.slug}?children=moveUp`, { method: 'DELETE' })).status).toBe(200);
    expect((await db().select().from(categories).where(eq(categories.id, child.id)).get())?.parentId).toBeNull();
  });

  it('moves nothing when channels or articles still block the delete, and refuses unknown options', async () => {
    const { call: asAdmin } = await admin();
    const top = await createCategory();
    const doomed = await createCategory({ parentId: top.id });
    const child = await createCategory({ parentId: doomed.id });
    await createArticle({ categoryIds: [doomed.id], publishedAtCategory: false });
    const res = await asAdmin(`/categories/${doomed.id}?children=moveUp`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The category still has 1 article; move or unlink them before deleting it');
    expect((await db().select().from(categories).where(eq(categories.id, child.id)).get())?.parentId).toBe(doomed.id);
    const plain = await asAdmin(`/categories/${doomed.id}?children=refuse`, { method: 'DELETE' });
    expect(plain.body.message).toContain('1 sub-category, 1 article');
    const bad = await asAdmin(`/categories/${doomed.id}?children=orphan`, { method: 'DELETE' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Validation error: .* at "children"$/);
  });

  it('is ADMIN only', async () => {
    const cat = await createCategory();
    const { call: asContributor } = await as('CONTRIBUTOR');
    expect((await asContributor(`/categories/${cat.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(`/categories/${cat.id}`, { method: 'DELETE' })).status).toBe(401);
  });
});
