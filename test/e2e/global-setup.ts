// Browser end-to-end setup: a fresh build of the SPA, a fresh local state with the migrations and the demo
// seed, and `wrangler dev` on a free port serving both, exactly as `npm start` does but isolated from the
// developer's .wrangler/state and web/dist. Tests get the base URL and the browser path through inject().
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:{port} of the wrangler dev server under test. */
    baseUrl: string;
    /** Chromium to launch; empty: use the one inside @sparticuz/chromium. */
    chromiumPath: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const CACHE = path.join(ROOT, 'node_modules/.cache/e2e');
// One folder per run, so two runs in one checkout never share or delete each other's state.
const WORK = path.join(CACHE, `run-${process.pid}`);
const STATE = path.join(WORK, 'state');
const DIST = path.join(WORK, 'dist');
const SERVER_LOG = path.join(WORK, 'wrangler-dev.log');
/** The last run's server log, kept after its folder is removed. */
const LAST_LOG = path.join(CACHE, 'wrangler-dev.log');
const READY_TIMEOUT_MS = 60_000;

const env = {
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
};

/** Runs a tool from node_modules/.bin to completion; its output is shown only when it fails. */
function run(label: string, command: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`e2e setup: ${label} failed (${result.error?.message ?? `exit ${result.status}`})\n${result.stdout}\n${result.stderr}`);
  }
  console.log(`e2e setup: ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilServing(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}; see ${SERVER_LOG}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s; see ${SERVER_LOG}`);
}

/** Ends the whole process group: the wrangler launcher, its node child and workerd. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.pid === undefined || server.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-server.pid!, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    signal('SIGKILL');
    await exited;
  }
}

/** test.sh has already asked ensure-chromium.sh (an empty answer means @sparticuz/chromium); else ask it here. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH !== undefined) return process.env.CHROMIUM_PATH;
  const result = spawnSync('bash', [path.join(ROOT, 'test/scripts/ensure-chromium.sh')], {
    cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim().split('\n').pop() ?? '' : '';
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
  run('built the SPA', path.join(BIN, 'vite'), ['build', '--config', 'web/vite.config.ts', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], {
    NODE_ENV: 'production',
  });
  run('applied the migrations', path.join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', STATE]);
  run('seeded the demo', path.join(BIN, 'tsx'), ['worker/scripts/seed.ts', '--persist-to', STATE]);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(SERVER_LOG);
  // Spawned directly (no npx) in its own process group, so teardown can end it and its children by id.
  const server = spawn(
    path.join(BIN, 'wrangler'),
    ['dev', '--local', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', STATE, '--assets', DIST, '--show-interactive-dev-session=false', '--log-level', 'warn'],
    { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  try {
    await waitUntilServing(baseUrl + '/', server);
  } catch (error) {
    await stopServer(server);
    log.end();
    throw error;
  }
  console.log(`e2e setup: wrangler dev (pid ${server.pid}) serving ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const browser = chromiumPath();
  if (browser && !existsSync(browser)) throw new Error(`ensure-chromium.sh named ${browser}, which does not exist`);
  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', browser);

  return async () => {
    await stopServer(server);
    await new Promise<void>((resolve) => log.end(resolve));
    copyFileSync(SERVER_LOG, LAST_LOG);
    rmSync(WORK, { recursive: true, force: true });
  };
}
