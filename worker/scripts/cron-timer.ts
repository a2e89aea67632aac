// The Cron Trigger for local servers: neither `wrangler dev` nor Vite's dev server fires wrangler.toml's crons, so
// `npm start`, `npm run dev` and the servers the tests and tools start call the scheduled handler through the local
// runtime's trigger route at every whole minute, as Cloudflare does deployed (decision 040). The route belongs to
// Miniflare, not to the worker: a deployment has no such path (Cloudflare keeps /cdn-cgi/ for itself).
// As a command: `tsx worker/scripts/cron-timer.ts --url http://127.0.0.1:8787 --while-pid 1234` runs until that
// process is gone (start.sh and dev.sh pass the server's pid).
import { parseArgs } from 'node:util';

/** The schedule of wrangler.toml's [triggers]. */
export const CRON = '* * * * *';
const MINUTE = 60_000;

/** The local runtime's route that runs the worker's `scheduled` handler (Miniflare's trigger handlers). */
export function scheduledUrl(serverUrl: string, scheduledTime: number): string {
  const query = new URLSearchParams({ cron: CRON, time: String(scheduledTime), format: 'json' });
  return `${serverUrl}/cdn-cgi/local/scheduled?${query}`;
}

/** Runs the scheduled handler once, for the minute `scheduledTime`; false (and a line on `log`) when it failed. */
export async function fireScheduled(
  serverUrl: string,
  scheduledTime: number,
  log: (line: string) => void = console.error,
): Promise<boolean> {
  try {
    const response = await fetch(scheduledUrl(serverUrl, scheduledTime), { signal: AbortSignal.timeout(50_000) });
    const body = await response.text();
    if (response.ok) return true;
    log(`cron timer: the scheduled handler failed (${response.status}): ${body.slice(0, 500)}`);
  } catch (error) {
    log(`cron timer: the server did not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  return false;
}

export interface CronTimer {
  stop(): void;
}

/**
 * Calls the scheduled handler of the server at `serverUrl` at each whole minute (the scheduled time the deployed
 * trigger passes), one run at a time, until stopped.
 */
export function startCronTimer(serverUrl: string, log: (line: string) => void = console.error): CronTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    const now = Date.now();
    const minute = Math.floor(now / MINUTE) * MINUTE + MINUTE;
    timer = setTimeout(() => {
      void fireScheduled(serverUrl, minute, log).finally(next);
    }, minute - now);
  };
  next();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, 'while-pid': { type: 'string' } } });
  const pid = Number(values['while-pid']);
  if (!values.url || !Number.isInteger(pid) || pid <= 0) {
    console.error('usage: tsx worker/scripts/cron-timer.ts --url <server> --while-pid <pid>');
    process.exit(2);
  }
  const cron = startCronTimer(values.url);
  // Ends with the server: a Ctrl-C reaches the server, not this background process.
  const watch = setInterval(() => {
    if (isAlive(pid)) return;
    cron.stop();
    clearInterval(watch);
  }, 1000);
}
