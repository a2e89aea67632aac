// The Cron Trigger (wrangler.toml [triggers]): expires approved publications whose date has passed.
import type { Env } from './env';
import { createDb } from './lib/db';
import { expirePublications } from './queries/publications';

/** One run: unpublishes expired content and marks its requests EXPIRED, in one batch. */
export async function runScheduled(env: Env, now = Date.now()) {
  return expirePublications(createDb(env.DB), now);
}

/** The exported handler's `scheduled`: one run at the trigger's scheduled time. */
export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  await runScheduled(env, controller.scheduledTime);
}
