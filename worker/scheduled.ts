// The Cron Trigger (wrangler.toml [triggers], every minute): publishes approved publications whose start has come,
// expires those whose date has passed, removes expired sessions and audit entries past their retention, clears resumable uploads left alone for a day and
// sweeps files that nothing refers to.
import type { Env } from './env';
import { createDb } from './services/db';
import { edgeCacheOn, startContentVersion } from './middleware/edge-cache';
import { sweepUnreferencedFiles } from './services/file-sweep';
import { clearIdleUploads } from './services/resumable-uploads';
import { pruneSessions } from './services/session';
import { pruneAuditLog, systemScope } from './services/audit';
import { expirePublications, startDuePublications } from './queries/publications';

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
  return expired;
}

/**
 * One run's upload clean-up: aborts unfinished resumable uploads and deletes unattached files idle for a day, then
 * sweeps files that nothing refers to a day after they were recorded (what a request that died midway left).
 */
export async function runUploadCleanUp(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  const uploads = await clearIdleUploads(env, db, now);
  const unreferenced = await sweepUnreferencedFiles(env, db, now);
  return { ...uploads, unreferenced };
}

/** The exported handler's `scheduled`: one run at the trigger's scheduled time. */
export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  await runScheduled(env, controller.scheduledTime);
  await runUploadCleanUp(env, controller.scheduledTime);
}
