// The import runner (decision 047): the IMPORTS queue's consumer. One message is one step of one import: the step
// reads the file kept in R2, writes a batch of whole items (one D1 batch each), then writes its progress (cursor,
// counts, report) to D1 and sends the next message. A crash or a redeploy loses at most the step under way: its
// message comes again (or the Cron Trigger re-sends it), and the step starts from the cursor D1 holds; items it had
// already written are found by their source key and updated, not doubled.
import { and, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { imports, users } from '#schema/tables';
import type { Env } from '../env';
import { createDb } from '../services/db';
import { ImportFailure } from './errors';
import { portalStep } from './portal';
import { sourceStep } from './phases';
import { ImportProgress, type ImportContext, type ImportRow } from './progress';
import { WxrError } from './wxr';

export interface ImportMessage {
  importId: string;
}

export { ImportFailure };

/** An import that has not moved for this long while queued or running lost its message: the Cron Trigger re-sends it. */
export const STALLED_AFTER_MS = 10 * 60_000;

const OPEN_STATES = ['queued', 'running'] as const;

/**
 * The D1 binding, counting the statements prepared through it (each runs once) when BENCH_TIMING is set: the
 * benchmark reads the sum from the report (`statements`) to tell D1 statements per item.
 */
function countingD1(d1: D1Database, counter: { n: number }): D1Database {
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (query: string) => {
          counter.n += 1;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function contextOf(env: Env, row: ImportRow, counter: { n: number }): Promise<ImportContext> {
  const db = createDb(env.BENCH_TIMING === '1' ? countingD1(env.DB, counter) : env.DB);
  const admin = row.createdBy
    ? await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.createdBy)).get()
    : undefined;
  if (!admin) throw new ImportFailure('The admin who started the import no longer exists');
  return {
    env,
    db,
    row,
    scope: { kind: row.sourceKind, site: '', importId: row.id },
    audit: {
      actor: { kind: 'user', userId: admin.id, name: admin.name, tokenId: null, tokenName: null, via: null },
      requestId: `import:${row.id}`,
      recorded: [],
    },
    adminId: admin.id,
    siteUrl: (env.SITE_URL ?? '').replace(/\/+$/, ''),
  };
}

/** What one step came to: more steps remain, the import is over (or gone), or another step holds it now. */
export type StepOutcome = 'more' | 'done' | 'busy';

/** How long a step may hold its import: longer than any step runs (a queue consumer has at most 15 minutes). */
export const STEP_LEASE_MS = 15 * 60_000;

/** Runs one step of the import. */
export async function runImportStep(env: Env, importId: string, now = Date.now): Promise<StepOutcome> {
  const db = createDb(env.DB);
  // The lease: a message delivered twice (queues deliver at least once) never runs two steps of one import at once.
  const [row] = await db
    .update(imports)
    .set({ state: 'running', leasedUntil: now() + STEP_LEASE_MS })
    .where(
      and(
        eq(imports.id, importId),
        inArray(imports.state, OPEN_STATES),
        or(isNull(imports.leasedUntil), lt(imports.leasedUntil, now())),
      ),
    )
    .returning();
  if (!row) {
    const open = await db
      .select({ id: imports.id })
      .from(imports)
      .where(and(eq(imports.id, importId), inArray(imports.state, OPEN_STATES)))
      .get();
    return open ? 'busy' : 'done';
  }
  const progress = new ImportProgress(row);
  const counter = { n: 0 };
  let more: boolean;
  try {
    const ctx = await contextOf(env, row, counter);
    more = row.sourceKind === 'portal' ? await portalStep(ctx, progress) : await sourceStep(ctx, progress);
  } catch (err) {
    if (!(err instanceof WxrError || err instanceof ImportFailure)) {
      await db.update(imports).set({ leasedUntil: null }).where(eq(imports.id, row.id));
      throw err;
    }
    await db
      .update(imports)
      .set({
        state: 'failed',
        error: err.message.slice(0, 1000),
        counts: progress.counts,
        report: progress.report,
        leasedUntil: null,
        updatedAt: now(),
        finishedAt: now(),
      })
      .where(and(eq(imports.id, row.id), inArray(imports.state, OPEN_STATES)));
    return 'done';
  }
  if (env.BENCH_TIMING === '1') {
    progress.report.statements = Number(progress.report.statements ?? 0) + counter.n;
    progress.report.steps = Number(progress.report.steps ?? 0) + 1;
  }
  // Progress only while the import is still open: a cancel meanwhile wins (what this step wrote stays, whole).
  const state = progress.pause ? 'review' : more ? 'running' : 'done';
  const saved = await db
    .update(imports)
    .set({
      state,
      cursor: progress.cursor,
      counts: progress.counts,
      report: progress.report,
      authorMap: progress.authorMap,
      leasedUntil: null,
      updatedAt: now(),
      finishedAt: state === 'done' ? now() : null,
    })
    .where(and(eq(imports.id, row.id), inArray(imports.state, OPEN_STATES)))
    .returning({ id: imports.id });
  if (saved.length === 0) await db.update(imports).set({ leasedUntil: null }).where(eq(imports.id, row.id));
  // `review` waits for the admin (POST /imports/{id}/start sends the next message): no step follows by itself.
  return state === 'running' && saved.length > 0 ? 'more' : 'done';
}

/** The IMPORTS queue's consumer: each message one step; the next step is its own message. */
export async function handleImportBatch(batch: MessageBatch<ImportMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    try {
      const outcome = await runImportStep(env, message.body.importId);
      if (outcome === 'more') await env.IMPORTS.send({ importId: message.body.importId });
      // Another delivery holds the import: this one waits and looks again (the holder sends the next step itself).
      if (outcome === 'busy') message.retry({ delaySeconds: 60 });
      else message.ack();
    } catch (error) {
      // The portal's own trouble (D1 or R2 unreachable): the step comes again from the cursor D1 holds.
      console.error('Import step failed inside the worker', message.body?.importId, error);
      message.retry({ delaySeconds: 30 });
    }
  }
}

/** The Cron Trigger's part: open imports that have not moved for 10 minutes go back on the queue. */
export async function resendStalledImports(env: Env, now = Date.now()): Promise<string[]> {
  const db = createDb(env.DB);
  const stalled = await db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(
        inArray(imports.state, OPEN_STATES),
        lte(imports.updatedAt, now - STALLED_AFTER_MS),
        or(isNull(imports.leasedUntil), lt(imports.leasedUntil, now)),
      ),
    )
    .limit(50);
  for (const { id } of stalled) {
    await env.IMPORTS.send({ importId: id });
    await db.update(imports).set({ updatedAt: now }).where(eq(imports.id, id));
  }
  return stalled.map((s) => s.id);
}
