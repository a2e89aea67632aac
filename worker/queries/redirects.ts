// Old URL paths of imported items (decision 046): the page router asks here before it answers 404, and a path it
// finds answers 301 to the item's page. WordPress's `/?p={id}` and `/?page_id={id}` are looked up on `/` as well.
import { eq } from 'drizzle-orm';
import { redirects } from '#schema/tables';
import type { Db } from '../env';

/** The redirect table's key of a request: its path (lower case, no trailing slash), or `/?p=`/`/?page_id=` on `/`. */
export function redirectLookupKey(url: URL): string | null {
  const path = url.pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '') {
    for (const name of ['p', 'page_id']) {
      const id = url.searchParams.get(name);
      if (id && /^\d{1,20}$/.test(id)) return `/?${name}=${id}`;
    }
    return null;
  }
  return path.length <= 2000 ? path : null;
}

/** Where an old path now lives: the article page it answers 301 to, or null. */
export async function findRedirect(db: Db, url: URL): Promise<string | null> {
  const key = redirectLookupKey(url);
  if (!key) return null;
  let decoded = key;
  try {
    decoded = decodeURI(key);
  } catch {
    // A malformed escape: looked up as written.
  }
  const row =
    (await db.select().from(redirects).where(eq(redirects.path, key)).get()) ??
    (decoded !== key ? await db.select().from(redirects).where(eq(redirects.path, decoded)).get() : undefined);
  if (!row) return null;
  return `/article/${encodeURIComponent(row.entityId)}`;
}
