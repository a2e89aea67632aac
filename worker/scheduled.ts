// The Cron Trigger (wrangler.toml [triggers], every minute): publishes approved publications whose start has come,
// expires those whose date has passed, removes expired sessions, API tokens revoked or expired 30 days ago and audit
// entries past their retention, puts webhook deliveries whose queue message was lost back on the queue, clears
// resumable uploads left alone for a day and
// sweeps files that nothing refers to.
import type { Env } from './env';
import { createDb } from './services/db';
import { edgeCacheOn, startContentVersion } from './middleware/edge-cache';
import { sweepUnreferencedFiles } from './services/file-sweep';
import { backfillPictureSizes } from './services/picture-sizes';
import { clearIdleUploads } from './services/resumable-uploads';
import { pruneSessions } from './services/session';
import { pruneAuditLog, systemScope } from './services/audit';
import { pruneApiTokens } from './services/api-tokens';
import { pruneDeliveries, resendLostDeliveries } from './services/webhooks';
import { resendStalledImports } from './import/runner';
import { expirePublications, startDuePublications } from './queries/publication-schedule';

/** One run: unpublishes expired content and marks its requests EXPIRED (one batch), then prunes sessions. */
export async function runScheduled(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  // The system acts: one scope for the run's audit entries (decision 033).
  const audit = systemScope();
  const started = await startDuePublications(db, now, audit);
  const expired = await expirePublications(db, now, audit);
  // Started and expired content changes the public reads: this location's cached copies go at once, the rest expire.
  if ((started.length > 0 || expired.length > 0) && edgeCacheOn(env)) await startContentVersion(null);
  await pruneSessions(db, now);
  await pruneAuditLog(db, now);
  await pruneApiTokens(db, now);
  return expired;
}

/**
 * One run's upload clean-up: aborts unfinished resumable uploads and deletes unattached files idle for a day, then
 * sweeps files that nothing refers to a day after they were recorded (what a request that died midway left), and
 * reads the pixel sizes of a few pictures stored before sizes were recorded.
 */
export async function runUploadCleanUp(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  const uploads = await clearIdleUploads(env, db, now);
  const unreferenced = await sweepUnreferencedFiles(env, db, now);
  // Pictures stored before their sizes were recorded (migration 0015): a few a run, for link previews.
  const sized = await backfillPictureSizes(env, db);
  return { ...uploads, unreferenced, sized };
}

/** The exported handler's `scheduled`: one run at the trigger's scheduled time. */
export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  await runScheduled(env, controller.scheduledTime);
  await runWebhookRecovery(env, controller.scheduledTime);
  // Imports whose step message was lost go on from where D1 says they stopped (decision 047).
  await resendStalledImports(env, controller.scheduledTime);
  await runUploadCleanUp(env, controller.scheduledTime);
}

/** Webhook deliveries whose queue message was never sent or got lost go out again; old history is pruned. */
export async function runWebhookRecovery(env: Env, now = Date.now()) {
  const resent = await resendLostDeliveries(env, now);
  await pruneDeliveries(env, now);
  return resent;
}
