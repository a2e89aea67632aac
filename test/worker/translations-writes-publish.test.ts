// Translations of channels, categories and news items, and publishing translations through publication requests
// (issue 29, decision 054), through the real fetch handler.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  articleTranslations,
  auditLog,
  categoryTranslations,
  channelTranslations,
  newsTranslations,
  revisions,
  webhookDeliveries,
} from '#schema/tables';
import { asRole, createArticle, createCategory, createChannel, createNewsItem } from './content-factories';
import { db } from './helpers';
import { createWebhookRow } from './webhook-fixtures';
import { webhookBody } from '#worker/services/webhooks';

describe('translations of channels, categories and news items', () => {
  it('a channel: name, info text and slug, by its owner; publishing stays ADMIN’s', async () => {
    const owner = await asRole('CONTRIBUTOR');
    const channel = await createChannel({ userId: owner.user.id });
    const res = await owner.call(`/channels/${channel.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', name: 'Mein Kanal', infoText: 'Über uns' },
    });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.result).toMatchObject({ slug: 'mein-kanal', name: 'Mein Kanal', infoText: 'Über uns' });
    const publish = await owner.call(`/channels/${channel.id}/translations/de-DE`, {
      method: 'PUT',
      body: { published: true },
    });
    expect(publish.status).toBe(403);
    const admin = await asRole('ADMIN');
    const published = await admin.call(`/channels/${channel.id}/translations/de-DE`, {
      method: 'PUT',
      body: { published: true, version: 1 },
    });
    expect(published.body.result.state).toBe('published');
    const revs = await db().select().from(revisions).where(eq(revisions.entityId, channel.id)).all();
    expect(revs.map((r) => r.language)).toEqual(['de-DE', 'de-DE']);
  });

  it('a category: ADMIN only, title, description and slug; no revisions (categories keep none)', async () => {
    const category = await createCategory();
    const editor = await asRole('CLIENT');
    const refused = await editor.call(`/categories/${category.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Sport' },
    });
    expect(refused.status).toBe(403);
    const admin = await asRole('ADMIN');
    const res = await admin.call(`/categories/${category.slug}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Sport', description: 'Alles über Sport', published: true },
    });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.result).toMatchObject({ slug: 'sport', state: 'published', description: 'Alles über Sport' });
    const stale = await admin.call(`/categories/${category.id}/translations/de-DE`, {
      method: 'PUT',
      body: { version: 7, title: 'Sportarten' },
    });
    expect(stale.status).toBe(409);
    const row = await db()
      .select()
      .from(categoryTranslations)
      .where(eq(categoryTranslations.categoryId, category.id))
      .get();
    expect(row?.title).toBe('Sport');
    expect(await db().select().from(revisions).where(eq(revisions.entityId, category.id)).all()).toEqual([]);
  });

  it('a news item: title and teaser, no slug; its writer publishes it directly', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id });
    const item = await createNewsItem({ refKind: 'article', refId: article.id, userId: owner.user.id });
    const res = await owner.call(`/news/${item.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Neuigkeit', teaser: 'Kurz gesagt', published: true },
    });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.result).toMatchObject({
      slug: null,
      title: 'Neuigkeit',
      teaser: 'Kurz gesagt',
      state: 'published',
    });
    const row = await db().select().from(newsTranslations).where(eq(newsTranslations.newsId, item.id)).get();
    expect(row?.published).toBe(true);
  });
});

describe('publishing translations through publication requests', () => {
  async function translatedArticle(published: boolean) {
    const owner = await asRole('CONTRIBUTOR');
    const article = await createArticle({ userId: owner.user.id, published });
    const res = await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Übersetzung' },
    });
    expect(res.status).toBe(201);
    return { owner, article };
  }
  const state = async (articleId: string) =>
    (
      await db()
        .select({ published: articleTranslations.published })
        .from(articleTranslations)
        .where(eq(articleTranslations.articleId, articleId))
        .get()
    )?.published;

  it('a contributor asks for German, an ADMIN approves: the translation is published in that batch, the item untouched', async () => {
    const { owner, article } = await translatedArticle(true);
    const asked = await owner.call('/publications', {
      method: 'POST',
      body: { contentId: article.id, type: 'article', languages: ['de'] },
    });
    expect(asked.status, asked.body.message).toBe(201);
    expect(asked.body.result.languages).toEqual(['de-DE']);
    expect(await state(article.id)).toBe(false);
    const admin = await asRole('ADMIN');
    const list = await admin.call('/publications/requests?status=PENDING');
    expect(list.body.result.items.find((r: any) => r.id === asked.body.result.id)?.languages).toEqual(['de-DE']);
    const approved = await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: asked.body.result.id, status: 'APPROVED' },
    });
    expect(approved.status, approved.body.message).toBe(200);
    expect(await state(article.id)).toBe(true);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, article.id), eq(auditLog.action, 'published')))
      .all();
    expect(entries.map((e) => e.language)).toEqual(['de-DE']);
    const withdrawn = await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: asked.body.result.id, status: 'REJECTED' },
    });
    expect(withdrawn.status).toBe(200);
    expect(await state(article.id)).toBe(false);
  });

  it('refuses a translation of an item that is not public (409), a missing or unconfigured language (400)', async () => {
    const { owner, article } = await translatedArticle(false);
    const notPublic = await owner.call('/publications', {
      method: 'POST',
      body: { contentId: article.id, type: 'article', languages: ['de-DE'] },
    });
    expect(notPublic.status).toBe(409);
    expect(notPublic.body.message).toMatch(/publish the item first/);
    const other = await createArticle({ userId: owner.user.id, published: true });
    const missing = await owner.call('/publications', {
      method: 'POST',
      body: { contentId: other.id, type: 'article', languages: ['de-DE'] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.result.issues[0]).toMatchObject({ path: ['languages', 0], code: 'translation_missing' });
    const unknown = await owner.call('/publications', {
      method: 'POST',
      body: { contentId: other.id, type: 'article', languages: ['fr'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.issues[0].code).toBe('language_not_configured');
  });

  it('a channel translation follows the same approval', async () => {
    const owner = await asRole('CLIENT');
    const channel = await createChannel({ userId: owner.user.id });
    await owner.call(`/channels/${channel.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', name: 'Kanal' },
    });
    const asked = await owner.call('/publications', {
      method: 'POST',
      body: { contentId: channel.id, type: 'channel', languages: ['de-DE'] },
    });
    expect(asked.status, asked.body.message).toBe(201);
    const admin = await asRole('ADMIN');
    await admin.call('/publications/update-status', {
      method: 'PUT',
      body: { id: asked.body.result.id, status: 'APPROVED' },
    });
    const row = await db()
      .select()
      .from(channelTranslations)
      .where(eq(channelTranslations.channelId, channel.id))
      .get();
    expect(row?.published).toBe(true);
  });
});

describe('webhooks of translations', () => {
  it('a translation’s change names its language in the delivery’s payload and body; the item’s own names none', async () => {
    const webhookId = await createWebhookRow(['article.created', 'article.updated']);
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id });
    await owner.call(`/articles/${article.id}/translations`, {
      method: 'POST',
      body: { language: 'de-DE', title: 'Hallo' },
    });
    await owner.call(`/articles/${article.id}`, { method: 'PUT', body: { title: 'Hello again' } });
    const deliveries = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .all();
    const ofArticle = deliveries.filter((d) => d.payload.entityId === article.id);
    expect(ofArticle.map((d) => [d.event, d.payload.language])).toEqual([
      ['article.created', 'de-DE'],
      ['article.updated', null],
    ]);
    expect(webhookBody(ofArticle[0]!, 'https://portal.example').data.language).toBe('de-DE');
  });
});
