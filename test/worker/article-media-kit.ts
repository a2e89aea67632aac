// Shared helpers of the article media tests (article-media*.test.ts).
import { env } from 'cloudflare:workers';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { article as articleSchema, type Article } from '#schema/entities';
import { articleMedia, articles } from '#schema/tables';
import { db } from './helpers';
import { asRole } from './content-factories';
import { mp4File, multipartBody, pngFile } from './upload-fixtures';

export const keyOf = (href: string) => href.replace(/^\/api\/files\//, '');
export const stored = async (href: string) => (await env.FILES.get(keyOf(href))) !== null;

export type Owner = Awaited<ReturnType<typeof asRole>>;

/** A gallery article of the owner with images titled as given, uploaded through the route. */
export async function gallery(owner: Owner, titles: string[]): Promise<Article> {
  const files = Object.fromEntries(titles.map((t) => [t, pngFile(`${t}.png`)]));
  const res = await owner.call('/articles', {
    method: 'POST',
    body: multipartBody(
      {
        title: 'Gallery',
        type: 'gallery',
        channelId: null,
        media: { kind: 'gallery', images: titles.map((t) => ({ imageFileTag: t, title: t })) },
      },
      files,
    ),
  });
  expect(res.status).toBe(201);
  // Published, so that other users can see it (and be refused changing it).
  await db().update(articles).set({ published: true }).where(eq(articles.id, res.body.result.id));
  return articleSchema.parse({ ...res.body.result, published: true });
}

export async function videoArticle(owner: Owner, titles: string[]): Promise<Article> {
  const files = Object.fromEntries(titles.map((t) => [t, mp4File(`${t}.mp4`)]));
  const res = await owner.call('/articles', {
    method: 'POST',
    body: multipartBody(
      {
        title: 'Videos',
        type: 'video',
        channelId: null,
        media: { kind: 'video', videos: titles.map((t) => ({ videoFileTag: t, title: t })) },
      },
      files,
    ),
  });
  expect(res.status).toBe(201);
  // Published, so that other users can see it (and be refused changing it).
  await db().update(articles).set({ published: true }).where(eq(articles.id, res.body.result.id));
  return articleSchema.parse({ ...res.body.result, published: true });
}

export const titlesOf = (a: Article) =>
  (a.media?.kind === 'gallery' ? a.media.images : a.media?.kind === 'video' ? a.media.videos : []).map((m) => m.title);
export const ordinalsOf = (a: Article) =>
  (a.media?.kind === 'gallery' ? a.media.images : a.media?.kind === 'video' ? a.media.videos : []).map(
    (m) => m.ordinal,
  );
export const storedOrdinals = async (articleId: string) =>
  (
    await db()
      .select({ o: articleMedia.ordinal })
      .from(articleMedia)
      .where(eq(articleMedia.articleId, articleId))
      .orderBy(asc(articleMedia.ordinal))
      .all()
  ).map((r) => r.o);
