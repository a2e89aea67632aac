// Shared helpers of the user content tests (user-content*.test.ts).
import { and, eq } from 'drizzle-orm';
import { contentAccess } from '#schema/tables';
import { as, db } from './helpers';

export const uuid = () => crypto.randomUUID();
export type Caller = Awaited<ReturnType<typeof as>>;

export const ask = (who: Caller, contentId: string, contentType: 'article' | 'channel') =>
  who.call('/userContent', { method: 'POST', body: { contentId, contentType } });

export async function grantsOf(userId: string, contentId: string) {
  return db()
    .select()
    .from(contentAccess)
    .where(and(eq(contentAccess.userId, userId), eq(contentAccess.contentId, contentId)))
    .all();
}
