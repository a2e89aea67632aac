// The Cron Trigger (wrangler.toml [triggers]): expires approved publications whose date has passed.
import type { Env } from './env';
import { createDb } from './lib/db';
import { expirePublications } from './queries/publications';

/** One run: unpublishes expired content and marks its requests EXPIRED, in one batch. */
export async function runScheduled(env: Env, now = Date.now()) {
  return expirePublications(createDb(env.DB), now);
}

export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  await runScheduled(env, controller.scheduledTime);
}
