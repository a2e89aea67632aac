// Authors as the public sees them (decision 041): an account that owns articles, by its user name, with a display
// name and nothing else (never the e-mail, the role or the names' parts). A deactivated or deleted account is no
// author: its byline goes, its page is a 404, its articles stay where their visibility puts them.
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { ArticlePage, Author } from '#schema/entities';
import { articles, users } from '#schema/tables';
import type { Db } from '../env';
import { afterCursor, toPage } from '../lib/cursor';
import { NotFound } from '../lib/errors';
import { articleVisibleWhere, type Viewer } from '../lib/visibility';
import { articleSummaryTranslation, toArticleSummary } from './article-mappers';
import type { Language } from '#schema/languages';

export const AUTHOR_NOT_FOUND = 'Author not found';

/** The columns a byline is made from (select them under any name, map them with toAuthor). */
export const authorColumns = {
  // Named apart from the other tables' columns of a joined select (a batch keys its rows by column name).
  name: sql<string>`${users.name}`.as('author_name_'),
  firstName: sql<string>`${users.firstName}`.as('author_first_name_'),
  lastName: sql<string>`${users.lastName}`.as('author_last_name_'),
  active: sql<boolean>`${users.active}`.mapWith(Boolean).as('author_active_'),
  deletedAt: sql<number | null>`${users.deletedAt}`.as('author_deleted_at_'),
};

type AuthorRow = { name: string; firstName: string; lastName: string; active: boolean; deletedAt: number | null };

/** The display name is the full name the user gave, else the user name; null for an account that is no author. */
export function toAuthor(row: AuthorRow | null | undefined): Author | null {
  if (!row || !row.active || row.deletedAt !== null) return null;
  const full = `${row.firstName} ${row.lastName}`.trim();
  return { username: row.name, displayName: full || row.name };
}

/** The author behind a user name (case as typed or not: user names are unique without case), with their id. */
export async function findAuthor(db: Db, username: string): Promise<Author & { id: string }> {
  const row = await db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      active: users.active,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(and(sql`lower(${users.name}) = lower(${username})`, isNull(users.deletedAt)))
    .get();
  const author = toAuthor(row);
  if (!row || !author) throw new NotFound(AUTHOR_NOT_FOUND);
  return { id: row.id, ...author };
}

/**
 * GET /authors/{username}/articles: their published articles the viewer finds in lists, newest first, a page at a
 * time; each in `language` where published in it (decision 056), else in its own.
 */
export async function listAuthorArticles(
  db: Db,
  viewer: Viewer,
  userId: string,
  page: { cursor?: string | undefined; limit: number },
  language?: Language,
): Promise<ArticlePage> {
  const rows = await db
    .select({
      ...getTableColumns(articles),
      ...(language ? { translated: articleSummaryTranslation(language.tag) } : {}),
    })
    .from(articles)
    .where(
      and(
        eq(articles.userId, userId),
        // Published ones only, whoever asks: the owner's drafts are in their workspace, not on their public page.
        eq(articles.published, true),
        articleVisibleWhere(viewer, { listing: true }),
        afterCursor(page.cursor, articles.createdAt, articles.id),
      ),
    )
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(page.limit + 1)
    .all();
  return toPage(rows, page.limit, (r) => ({ time: r.createdAt, id: r.id }), toArticleSummary);
}
