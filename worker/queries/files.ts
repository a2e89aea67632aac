// Who may fetch a stored file. A file is as visible as the entities that show it: a thumbnail, portrait or
// banner with its article or channel, gallery images, videos and cover media only with the restricted parts
// of theirs, a news thumbnail with its item, a category image always. The rules are those of the entity reads
// (worker/lib/visibility.ts); a file that no entity shows is nobody's. Details: docs/decisions/004.
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { articleMedia, articles, categories, channels, news } from '#schema/tables';
import type { Db } from '../env';
import {
  articleReadableWhere,
  articleVisibleWhere,
  channelReadableWhere,
  channelVisibleWhere,
  newsVisibleWhere,
  type Viewer,
} from '../lib/visibility';

/**
 * 'public' when anyone may fetch the file (served with immutable caching, and the only kind an edge cache
 * may keep), 'private' when this viewer may but an anonymous visitor may not, null when the viewer may not.
 */
export type FileAudience = 'public' | 'private' | null;

export async function fileAudience(db: Db, viewer: Viewer, key: string, now = Date.now()): Promise<FileAudience> {
  if (await isVisibleFile(db, null, key, now)) return 'public';
  if (viewer && (await isVisibleFile(db, viewer, key, now))) return 'private';
  return null;
}

/** Whether anyone may fetch the file: the question an edge cache of anonymous reads asks. */
export const isPublicFile = (db: Db, key: string, now = Date.now()) => isVisibleFile(db, null, key, now);

/** Whether some entity that shows the file lets the viewer see it: one statement, one index look-up per column. */
async function isVisibleFile(db: Db, viewer: Viewer, key: string, now: number): Promise<boolean> {
  const shownBy = (...conditions: SQL[]) =>
    sql.join(
      conditions.map((c) => sql`exists (${c})`),
      sql` or `,
    );
  const visibleArticle = articleVisibleWhere(viewer, { listing: false });
  const visibleChannel = channelVisibleWhere(viewer, { listing: false });
  const row = await db.get<{ found: number }>(
    sql`select (${shownBy(
      sql`select 1 from ${articles} where ${articles.thumbnailKey} = ${key} and ${visibleArticle}`,
      sql`select 1 from ${articleMedia} join ${articles} on ${articles.id} = ${articleMedia.articleId}
        where ${or(eq(articleMedia.blobKey, key), eq(articleMedia.thumbnailKey, key))} and ${visibleArticle} and ${articleReadableWhere(viewer)}`,
      sql`select 1 from ${channels} where ${or(eq(channels.portraitKey, key), eq(channels.bannerKey, key))} and ${visibleChannel}`,
      sql`select 1 from ${channels} where ${channels.coverKey} = ${key} and ${visibleChannel} and ${channelReadableWhere(viewer)}`,
      sql`select 1 from ${categories} where ${categories.imageKey} = ${key}`,
      sql`select 1 from ${news}
        left join ${articles} on ${news.refKind} = 'article' and ${articles.id} = ${news.refId}
        left join ${channels} on ${news.refKind} = 'channel' and ${channels.id} = ${news.refId}
        where ${news.thumbnailKey} = ${key} and ${newsVisibleWhere(viewer, now, { listing: false })}`,
    )}) as found`,
  );
  return !!row?.found;
}
