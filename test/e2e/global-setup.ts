// Browser end-to-end setup: a fresh build of the SPA, a fresh local state with the migrations and the demo
// seed, and `wrangler dev` on a free port serving both, exactly as `npm start` does but isolated from the
// developer's .wrangler/state and web/dist. Tests get the base URL and the browser path through inject().
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, runTool, startDevServer } from '#worker/scripts/dev-server';
import { chromiumPath } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:{port} of the wrangler dev server under test. */
    baseUrl: string;
    /** Chromium to launch; empty: use the one inside @sparticuz/chromium. */
    chromiumPath: string;
  }
}

const CACHE = path.join(ROOT, 'node_modules/.cache/e2e');
// One folder per run, so two runs in one checkout never share or delete each other's state.
const WORK = path.join(CACHE, `run-${process.pid}`);
const STATE = path.join(WORK, 'state');
const DIST = path.join(WORK, 'dist');
const SERVER_LOG = path.join(WORK, 'wrangler-dev.log');
/** The last run's server log, kept after its folder is removed. */
const LAST_LOG = path.join(CACHE, 'wrangler-dev.log');

/** Runs a tool from node_modules/.bin to completion; its output is shown only when it fails. */
async function run(label: string, tool: string, args: string[], extraEnv: Record<string, string> = {}): Promise<void> {
  const { seconds } = await runTool(`e2e setup: ${label}`, tool, args, extraEnv);
  console.log(`e2e setup: ${label} (${seconds.toFixed(1)} s)`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Folders of runs whose process is gone (killed before teardown). */
function removeStaleRuns(): void {
  if (!existsSync(CACHE)) return;
  for (const name of readdirSync(CACHE)) {
    const pid = /^run-(\d+)$/.exec(name)?.[1];
    if (pid && !isRunning(Number(pid))) rmSync(path.join(CACHE, name), { recursive: true, force: true });
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  removeStaleRuns();
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });

  // NODE_ENV is 'test' inside vitest: without this the browser would get React's development build,
  // not what `npm start` and a deployment serve.
  await run(
    'built the SPA',
    'vite',
    ['build', '--config', 'web/vite.config.ts', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'],
    {
      NODE_ENV: 'production',
    },
  );
  await run('applied the migrations', 'wrangler', [
    'd1',
    'migrations',
    'apply',
    'DB',
    '--local',
    '--persist-to',
    STATE,
  ]);
  await run('seeded the demo', 'tsx', ['worker/scripts/seed.ts', '--persist-to', STATE]);

  const server = await startDevServer({
    // WEBHOOKS_ALLOW_LOCAL: the webhook e2e's receiver listens on 127.0.0.1 (decision 035's local exception).
    args: ['--persist-to', STATE, '--assets', DIST, '--log-level', 'warn', '--var', 'WEBHOOKS_ALLOW_LOCAL:1'],
    logFile: SERVER_LOG,
    readyPath: '/',
  });
  const baseUrl = server.url;
  console.log(
    `e2e setup: wrangler dev (pid ${server.pid}) serving ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const browser = chromiumPath();
  if (browser && !existsSync(browser)) throw new Error(`ensure-chromium.sh named ${browser}, which does not exist`);
  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', browser);

  return async () => {
    await server.stop();
    copyFileSync(SERVER_LOG, LAST_LOG);
    rmSync(WORK, { recursive: true, force: true });
  };
}
