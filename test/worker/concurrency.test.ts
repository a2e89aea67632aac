// Writes that race: many creates with one title, parallel media adds and removals on one article.
// Each must answer as if it ran alone (no 500), and leave slugs unique and ordinals dense.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleMedia, slugs } from '#schema/tables';
import { slugify } from '#worker/queries/slugs';
import { call, db, unique } from './helpers';
import { asRole, createArticle } from './content-factories';
import { mp4File, multipartBody, pngFile } from './upload-fixtures';

const storedOrdinals = async (articleId: string) =>
  (
    await db()
      .select({ o: articleMedia.ordinal })
      .from(articleMedia)
      .where(eq(articleMedia.articleId, articleId))
      .orderBy(asc(articleMedia.ordinal))
      .all()
  ).map((r) => r.o);

describe('concurrent creates with one name', () => {
  it('20 articles with the same title at once: 20 x 201, 20 distinct slugs', async () => {
    const editor = await asRole('CLIENT');
    const title = unique('Race Article');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        editor.call('/articles', { method: 'POST', body: { title, type: 'text', channelId: null } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const created = answers.map((a) => a.body.result.slug as string);
    expect(new Set(created).size).toBe(20);
    expect(created).toContain(slugify(title));
    // Every slug resolves to its own article.
    for (const a of answers)
      expect((await call(`/slugs/${a.body.result.slug}`, { cookie: editor.cookie })).body.result.entityId).toBe(
        a.body.result.id,
      );
  });

  it('20 channels with the same name and 20 categories with the same title at once: all 201, distinct slugs', async () => {
    const editor = await asRole('CLIENT');
    const admin = await asRole('ADMIN');
    const name = unique('Race Channel');
    const title = unique('Race Category');
    const [channelAnswers, categoryAnswers] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => editor.call('/channels', { method: 'POST', body: { name } }))),
      Promise.all(
        Array.from({ length: 20 }, () =>
          admin.call('/categories', { method: 'POST', body: { title, parentId: null } }),
        ),
      ),
    ]);
    expect(channelAnswers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(categoryAnswers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(channelAnswers.map((a) => a.body.result.slug)).size).toBe(20);
    expect(new Set(categoryAnswers.map((a) => a.body.result.slug)).size).toBe(20);
    const rows = await db().select().from(slugs).all();
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
  });
});

describe('concurrent media writes on one article', () => {
  it('5 parallel image adds: 5 x 201 and dense ordinals 0..4', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({ userId: owner.user.id, media: { kind: 'gallery', images: [] } });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        owner.call(`/articles/${article.id}/media/images`, {
          method: 'POST',
          body: multipartBody({ images: [{ imageFileTag: 'p', title: `image ${i}` }] }, { p: pngFile() }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(201));
    expect(await storedOrdinals(article.id)).toEqual([0, 1, 2, 3, 4]);
  });

  it('parallel inserts at one position and appends stay dense', async () => {
    const owner = await asRole('CLIENT');
    const article = await createArticle({
      userId: owner.user.id,
      media: { kind: 'video', videos: [{ key: 'video/a.mp4' }, { key: 'video/b.mp4' }] },
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        owner.call(`/articles/${article.id}/media/video`, {
          method: 'POST',
          body: multipartBody(
            { videoFileTag: 'v', title: `v${i}`, ...(i % 2 === 0 ? { ordinal: 1 } : {}) },
            { v: mp4File() },
          ),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(await storedOrdinals(article.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('3 parallel removals of entry 0: each answers without 500 and the rest stays dense', async () => {
    const owner = await asRole('CLIENT');
    const images = Array.from({ length: 6 }, (_, i) => ({ key: `image/${i}.png`, title: `i${i}` }));
    const article = await createArticle({ userId: owner.user.id, media: { kind: 'gallery', images } });
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => owner.call(`/articles/${article.id}/media/0`, { method: 'DELETE' })),
    );
    for (const a of answers) expect([200, 404]).toContain(a.status);
    const ordinals = await storedOrdinals(article.id);
    expect(ordinals).toEqual(ordinals.map((_, i) => i));
  });
});
