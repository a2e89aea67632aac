// Statements built once (worker/lib/statements.ts): one per name and role, the viewer's id and the values bound per call.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles } from '#schema/tables';
import { batchRows, reusable, rows } from '#worker/lib/statements';
import { articleVisibleWhere } from '#worker/lib/visibility';
import { createArticle, createChannel, grantAccess } from './content-factories';
import { createUser, db } from './helpers';

const visibleTitle = (viewer: Parameters<typeof reusable>[1], id: string) =>
  reusable(
    db(),
    viewer,
    'test visible title',
    (v) =>
      db()
        .select({ title: articles.title })
        .from(articles)
        .where(and(eq(articles.id, sql.placeholder('id')), articleVisibleWhere(v, { listing: false }))),
    { id },
  );

describe('reusable statements', () => {
  it('are built per role, so each role runs its own conditions', async () => {
    const draft = await createArticle({ published: false });
    const admin = await createUser({ role: 'ADMIN' });
    const reader = await createUser({ role: 'REGULAR_USER' });
    expect(await rows(visibleTitle(null, draft.id))).toEqual([]);
    expect(await rows(visibleTitle({ id: admin.id, name: admin.name, role: 'ADMIN' }, draft.id))).toHaveLength(1);
    expect(await rows(visibleTitle({ id: reader.id, name: reader.name, role: 'REGULAR_USER' }, draft.id))).toEqual([]);
    expect(await rows(visibleTitle(null, draft.id))).toEqual([]);
  });

  it("bind the viewer's id and the values on every call", async () => {
    const channel = await createChannel({ private: true });
    const inside = await createArticle({ channelId: channel.id, userId: channel.userId, title: 'Inside' });
    const other = await createArticle({ title: 'Outside' });
    const granted = await createUser();
    const stranger = await createUser();
    await grantAccess(granted.id, channel.id, 'channel');
    const as = (u: { id: string; name: string }) => ({ id: u.id, name: u.name, role: 'REGULAR_USER' as const });
    const [a, b, c] = await batchRows(db(), [
      visibleTitle(as(granted), inside.id),
      visibleTitle(as(stranger), inside.id),
      visibleTitle(as(stranger), other.id),
    ]);
    expect([a, b, c]).toEqual([[{ title: 'Inside' }], [], [{ title: 'Outside' }]]);
  });
});
