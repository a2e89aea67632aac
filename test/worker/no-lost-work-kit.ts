// Shared helpers of the lost-work tests (no-lost-work*.test.ts).
import { eq } from 'drizzle-orm';
import { revisions } from '#schema/tables';
import { db } from './helpers';

export const doc = (text: string) => ({
  version: 1,
  children: [{ type: 'paragraph', children: [{ type: 'text', text }] }],
});
export const revisionCount = async (id: string) =>
  (await db().select().from(revisions).where(eq(revisions.entityId, id)).all()).length;
