// The audit log's core: an entry written in the change's own batch, with who, what and the request id; append-only;
// pruned after its retention by the Cron Trigger.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articles, auditLog } from '#schema/tables';
import { AUDIT_RETENTION_DAYS, auditEntry, systemScope } from '#worker/services/audit';
import { runScheduled } from '#worker/scheduled';
import { as, db } from './helpers';
import { createArticle } from './content-factories';

const entriesOf = (entityId: string) => db().select().from(auditLog).where(eq(auditLog.entityId, entityId)).all();

describe('audit log', () => {
  it('records who deleted an article, with its title and the request id, in the delete itself', async () => {
    const editor = await as('CLIENT');
    const a = await createArticle({ userId: editor.user!.id, title: 'Sourdough at altitude' });
    const res = await editor.call(`/articles/${a.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const [entry, ...more] = await entriesOf(a.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorKind: 'user',
      actorId: editor.user!.id,
      actorName: editor.user!.name,
      tokenId: null,
      entityType: 'article',
      entityTitle: 'Sourdough at altitude',
      ownerId: editor.user!.id,
      action: 'deleted',
      fields: null,
      requestId: res.headers.get('X-Request-Id'),
    });
  });

  it('writes no entry when the change is refused', async () => {
    const owner = await as('CLIENT');
    const other = await as('CLIENT');
    const a = await createArticle({ userId: owner.user!.id });
    expect((await other.call(`/articles/${a.id}`, { method: 'DELETE' })).status).toBe(403);
    expect(await entriesOf(a.id)).toEqual([]);
  });

  it('writes no entry when the batch of the change fails, and no change without its entry', async () => {
    const a = await createArticle();
    const scope = systemScope();
    await expect(
      db().batch([
        auditEntry(db(), scope, { entityType: 'article', entityId: a.id, title: 'x', action: 'deleted' }),
        db().delete(articles).where(eq(articles.id, a.id)),
        // A statement that fails (no such table) rolls the batch back: entry and delete alike.
        db().run(sql`insert into no_such_table values (1)`),
      ]),
    ).rejects.toThrow();
    expect(await entriesOf(a.id)).toEqual([]);
    expect(await db().select().from(articles).where(eq(articles.id, a.id)).all()).toHaveLength(1);
  });

  it('refuses to change an entry', async () => {
    const a = await createArticle();
    await db().batch([
      auditEntry(db(), systemScope(), { entityType: 'article', entityId: a.id, title: 'x', action: 'updated' }),
    ]);
    await expect(
      env.DB.prepare('UPDATE audit_log SET actor_name = ? WHERE entity_id = ?').bind('someone else', a.id).run(),
    ).rejects.toThrow(/append-only/);
    expect((await entriesOf(a.id))[0]?.actorName).toBe('system');
  });

  it('is pruned by the Cron Trigger after its retention, and only then', async () => {
    const a = await createArticle();
    const now = Date.now();
    const day = 24 * 3600 * 1000;
    const scope = systemScope();
    const fact = { entityType: 'article', entityId: a.id, title: 'x', action: 'updated' } as const;
    await db().batch([
      auditEntry(db(), scope, fact, now - (AUDIT_RETENTION_DAYS + 1) * day),
      auditEntry(db(), scope, fact, now - (AUDIT_RETENTION_DAYS - 1) * day),
    ]);
    await runScheduled(env, now);
    const left = await entriesOf(a.id);
    expect(left.map((e) => e.at)).toEqual([now - (AUDIT_RETENTION_DAYS - 1) * day]);
  });
});
