import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { slugRecord } from '#schema/entities';
import { articles, categories, channels, slugs } from '#schema/tables';
import { entityVisible, findSlugOfEntity } from '#worker/queries/slugs';
import { createArticle, createCategory, createChannel } from './content-factories';
import { as, call, createUser, db, sessionCookie, unique } from './helpers';

const newSlug = (prefix: string) => unique(prefix).toLowerCase();

describe('GET /slugs/{slug}', () => {
  it('answers {slug, entityId} for articles, channels and categories and caches the look-up in KV', async () => {
    for (const made of [await createArticle(), await createChannel(), await createCategory()]) {
      expect(await env.KV.get(`slug:${made.slug}`)).toBeNull();
      const res = await call(`/slugs/${made.slug}`);
      expect(res.status).toBe(200);
      expect(slugRecord.parse(res.body.result)).toEqual({ slug: made.slug, entityId: made.id, currentSlug: made.slug });
      expect(await env.KV.get(`slug:${made.slug}`)).toBe(made.id);
    }
  });

  it('reads through KV before D1', async () => {
    const a = await createArticle();
    const b = await createArticle();
    await env.KV.put(`slug:${a.slug}`, b.id);
    expect((await call(`/slugs/${a.slug}`)).body.result).toEqual({ slug: a.slug, entityId: b.id, currentSlug: b.slug });
    await env.KV.delete(`slug:${a.slug}`);
  });

  it('is 404 for an unknown slug and 400 for a malformed one', async () => {
    expect((await call('/slugs/no-such-slug-anywhere')).body).toEqual({
      code: 404,
      message: 'Slug not found',
      result: null,
    });
    expect((await call('/slugs/Bad_Slug')).status).toBe(400);
  });

  it('is 404 for the slug of something the caller may not see', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const draft = await createArticle({ userId: owner.id, published: false });
    const priv = await createChannel({ userId: owner.id, private: true });
    const hidden = await createArticle({ hidden: true });
    for (const made of [draft, priv]) {
      expect((await call(`/slugs/${made.slug}`)).status).toBe(404);
      expect((await call(`/slugs/${made.slug}`, { cookie: (await as('CLIENT')).cookie })).status).toBe(404);
      expect((await call(`/slugs/${made.slug}`, { cookie: await sessionCookie(owner) })).body.result.entityId).toBe(
        made.id,
      );
    }
    // Hidden content is reachable by slug: hidden only keeps it out of lists.
    expect((await call(`/slugs/${hidden.slug}`)).body.result.entityId).toBe(hidden.id);
    expect(await entityVisible(db(), null, draft.id)).toBe(false);
  });
});

describe('PUT /slugs/{entityId}', () => {
  it('lets the owner rename an article slug: slugs table, article row and KV in step', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const art = await createArticle({ userId: owner.id });
    await call(`/slugs/${art.slug}`); // cache the old slug
    const slug = newSlug('renamed');
    const res = await call(`/slugs/${art.id}`, { method: 'PUT', body: { slug }, cookie: await sessionCookie(owner) });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ slug, entityId: art.id, currentSlug: slug });
    expect(await findSlugOfEntity(db(), art.id)).toEqual({ slug, kind: 'article' });
    expect((await db().select({ slug: articles.slug }).from(articles).where(eq(articles.id, art.id)).get())?.slug).toBe(
      slug,
    );
    expect(await env.KV.get(`slug:${slug}`)).toBe(art.id);
    // The old slug keeps leading to the article (old links redirect), and names the current one.
    expect((await call(`/slugs/${art.slug}`)).body.result).toEqual({
      slug: art.slug,
      entityId: art.id,
      currentSlug: slug,
    });
    expect((await call(`/slugs/${slug}`)).body.result.entityId).toBe(art.id);
    expect(await db().select().from(slugs).where(eq(slugs.slug, art.slug)).all()).toEqual([
      { slug: art.slug, entityId: art.id, entityKind: 'article', current: false },
    ]);
  });

  it('lets ADMIN rename a channel and a category; others get 403', async () => {
    const channel = await createChannel();
    const cat = await createCategory();
    const { call: asAdmin } = await as('ADMIN');
    const { call: asClient } = await as('CLIENT');
    expect((await asClient(`/slugs/${channel.id}`, { method: 'PUT', body: { slug: newSlug('x') } })).status).toBe(403);
    expect((await asClient(`/slugs/${cat.id}`, { method: 'PUT', body: { slug: newSlug('x') } })).status).toBe(403);
    const chSlug = newSlug('channel');
    expect((await asAdmin(`/slugs/${channel.id}`, { method: 'PUT', body: { slug: chSlug } })).status).toBe(200);
    expect(
      (await db().select({ slug: channels.slug }).from(channels).where(eq(channels.id, channel.id)).get())?.slug,
    ).toBe(chSlug);
    const catSlug = newSlug('category');
    expect((await asAdmin(`/slugs/${cat.id}`, { method: 'PUT', body: { slug: catSlug } })).status).toBe(200);
    expect(
      (await db().select({ slug: categories.slug }).from(categories).where(eq(categories.id, cat.id)).get())?.slug,
    ).toBe(catSlug);
    expect((await call(`/categories/${catSlug}`)).body.result.id).toBe(cat.id);
  });

  it('refuses a slug another entity holds with 409 and changes nothing', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const mine = await createArticle({ userId: owner.id });
    const other = await createCategory();
    const res = await call(`/slugs/${mine.id}`, {
      method: 'PUT',
      body: { slug: other.slug },
      cookie: await sessionCookie(owner),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Slug already taken');
    expect(await findSlugOfEntity(db(), mine.id)).toEqual({ slug: mine.slug, kind: 'article' });
  });

  it('accepts the slug the entity already has', async () => {
    const owner = await createUser({ role: 'CLIENT' });
    const mine = await createArticle({ userId: owner.id });
    const res = await call(`/slugs/${mine.id}`, {
      method: 'PUT',
      body: { slug: mine.slug },
      cookie: await sessionCookie(owner),
    });
    expect(res.body).toEqual({
      code: 200,
      message: 'OK',
      result: { slug: mine.slug, entityId: mine.id, currentSlug: mine.slug },
    });
  });

  it('is 401 signed out, 404 for unknown or invisible entities, 400 for bad input', async () => {
    const art = await createArticle({ published: false });
    expect((await call(`/slugs/${art.id}`, { method: 'PUT', body: { slug: 'abc' } })).status).toBe(401);
    const { call: asClient } = await as('CLIENT');
    expect((await asClient(`/slugs/${art.id}`, { method: 'PUT', body: { slug: newSlug('a') } })).status).toBe(404);
    expect(
      (await asClient(`/slugs/${crypto.randomUUID()}`, { method: 'PUT', body: { slug: newSlug('a') } })).status,
    ).toBe(404);
    expect((await asClient(`/slugs/${art.id}`, { method: 'PUT', body: { slug: 'Not A Slug' } })).status).toBe(400);
    expect((await asClient('/slugs/not-a-uuid', { method: 'PUT', body: { slug: 'abc' } })).status).toBe(400);
    const { call: asAdmin } = await as('ADMIN');
    const wrongKind = await asAdmin(`/slugs/${art.id}`, {
      method: 'PUT',
      body: { slug: newSlug('a'), kind: 'channel' },
    });
    expect(wrongKind.status).toBe(400);
  });

  it('gives an entity without a slug record one when the kind is named', async () => {
    const art = await createArticle();
    await db().delete(slugs).where(eq(slugs.entityId, art.id));
    const { call: asAdmin } = await as('ADMIN');
    expect((await asAdmin(`/slugs/${art.id}`, { method: 'PUT', body: { slug: newSlug('b') } })).status).toBe(404);
    const slug = newSlug('restored');
    const res = await asAdmin(`/slugs/${art.id}`, { method: 'PUT', body: { slug, kind: 'article' } });
    expect(res.status).toBe(200);
    expect(await findSlugOfEntity(db(), art.id)).toEqual({ slug, kind: 'article' });
    expect((await call(`/slugs/${slug}`)).body.result.entityId).toBe(art.id);
  });
});
