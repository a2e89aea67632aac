// Running the local tools the way the e2e harness and the bench both need: a tool from node_modules/.bin
// to completion, and `wrangler dev` on a free port in its own process group, stopped by its id, with the Cron Trigger
// fired every minute as deployed (worker/scripts/cron-timer.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { startCronTimer, type CronTimer } from './cron-timer';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'node_modules/.bin');
const READY_TIMEOUT_MS = 60_000;

/** node_modules/.bin first (Node 24 for wrangler), and no attempt to reach Cloudflare. */
export const toolEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
};

/** How to end each child process this module started and that is still running. */
const live = new Set<() => Promise<void>>();

/**
 * Ends every process this module started and that still runs (tools and wrangler dev servers), and waits
 * until they are gone: for a Ctrl-C, or an error before a server was handed out.
 */
export async function stopStartedProcesses(): Promise<void> {
  await Promise.all([...live].map((stop) => stop()));
}

/**
 * Runs a tool from node_modules/.bin to completion; its output is shown only when it fails. Asynchronous, so
 * the caller's signal handlers still run meanwhile (a Ctrl-C during a build can stop the servers).
 */
export function runTool(
  label: string,
  tool: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ seconds: number; stdout: string }> {
  const started = performance.now();
  const child = spawn(path.join(BIN, tool), args, {
    cwd: ROOT,
    env: { ...toolEnv, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await closed;
  };
  live.add(stop);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${label} failed (${error.message})`)));
    child.once('close', (code, signal) => {
      live.delete(stop);
      if (code === 0) resolve({ seconds: (performance.now() - started) / 1000, stdout });
      else reject(new Error(`${label} failed (${signal ?? `exit ${code}`})\n${stdout}\n${stderr}`));
    });
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface DevServer {
  /** http://127.0.0.1:{port} */
  url: string;
  pid: number;
  logFile: string;
  /** wrangler's inspector (Chrome DevTools Protocol) for the worker's isolate; undefined for Vite's server. */
  inspectorPort?: number;
  /** Ends the process group (the wrangler launcher, its node child and workerd); safe to call twice. */
  stop: () => Promise<void>;
}

export interface DevServerOptions {
  /** Arguments after `wrangler dev --local --ip --port --inspector-port`: config, state, assets, vars. */
  args: string[];
  logFile: string;
  /** A path that answers 2xx once the worker is up. */
  readyPath: string;
  /** The checkout to serve (default: this one); wrangler reads its tsconfig from there. */
  cwd?: string;
  /** Whether the scheduled handler runs every minute, as deployed (default true). */
  cron?: boolean;
  /** How long the first answer may take (default 60 s; wrangler bundles the worker first, slowly on a busy machine). */
  readyTimeoutMs?: number;
  /** More environment for wrangler, e.g. `NODE_ENV: 'production'` to bundle the worker as `wrangler deploy` does. */
  env?: NodeJS.ProcessEnv;
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Ends the process group of a detached child (the wrangler launcher, its node child and workerd) and waits
 * until every process in it is gone, not only the launcher: workerd may still be writing the state.
 */
async function stopProcessGroup(pgid: number): Promise<void> {
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pgid, sig);
    } catch {
      // already gone
    }
  };
  const gone = async (ms: number) => {
    for (const deadline = Date.now() + ms; groupAlive(pgid) && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 50));
    return !groupAlive(pgid);
  };
  signal('SIGTERM');
  if (await gone(5000)) return;
  signal('SIGKILL');
  // Bounded: a killed process the container's init never reaps would keep the group "alive" for ever.
  await gone(5000);
}

/**
 * A throwaway server's local state in `state`: the migrations applied, then the demo seeded (`articles` of them, the
 * seed's default when undefined). Answers the seed's output.
 */
export async function seedState(state: string, articles?: number | string): Promise<{ stdout: string }> {
  await runTool('applying the migrations', 'wrangler', [
    'd1',
    'migrations',
    'apply',
    'DB',
    '--local',
    '--persist-to',
    state,
  ]);
  const count = articles === undefined ? [] : ['--articles', String(articles)];
  return runTool('seeding', 'tsx', ['worker/scripts/seed.ts', '--persist-to', state, ...count]);
}

/**
 * Starts `wrangler dev` with local bindings on a free port and a free inspector port (two servers started
 * at once otherwise collide on the inspector's default), spawned directly (no npx) in its own process
 * group, and waits until `readyPath` answers.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const port = await freePort();
  const inspectorPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(options.logFile);
  const server = spawn(
    path.join(BIN, 'wrangler'),
    [
      'dev',
      '--local',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      '--show-interactive-dev-session=false',
      ...options.args,
    ],
    {
      cwd: options.cwd ?? ROOT,
      env: { ...toolEnv, ...options.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  // Started once the server answers; `stop` may come first (a server that never got ready).
  let cron: CronTimer | undefined = undefined;
  const stop = async () => {
    cron?.stop();
    if (server.pid !== undefined) await stopProcessGroup(server.pid);
    if (!log.closed) await new Promise<void>((resolve) => log.end(resolve));
    live.delete(stop);
  };
  live.add(stop);
  try {
    await waitUntilServing(url + options.readyPath, server, options.logFile, 'wrangler dev', options.readyTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  if (options.cron !== false)
    cron = startCronTimer(url, (line) => {
      if (!log.writableEnded) log.write(line + '\n');
    });
  return { url, pid: server.pid!, logFile: options.logFile, inspectorPort, stop };
}

/**
 * Starts `npm run dev`'s server (Vite with the worker in workerd, web/vite.config.ts) on a free port, on the local
 * state `state` (migrated and seeded by the caller), and waits until `readyPath` answers. Vite optimises its
 * dependencies on the first start, so it may take a minute on a busy machine.
 */
export async function startViteDevServer(options: {
  state: string;
  logFile: string;
  readyPath: string;
}): Promise<DevServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(options.logFile);
  const server = spawn(
    path.join(BIN, 'vite'),
    ['dev', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    {
      cwd: ROOT,
      env: { ...toolEnv, DEV_STATE: options.state, DEV_SITE_URL: url },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  // Started once the server answers; `stop` may come first (a server that never got ready).
  let cron: CronTimer | undefined = undefined;
  const stop = async () => {
    cron?.stop();
    if (server.pid !== undefined) await stopProcessGroup(server.pid);
    if (!log.closed) await new Promise<void>((resolve) => log.end(resolve));
    live.delete(stop);
  };
  live.add(stop);
  try {
    await waitUntilServing(url + options.readyPath, server, options.logFile, 'vite dev', 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  cron = startCronTimer(url, (line) => {
    if (!log.writableEnded) log.write(line + '\n');
  });
  return { url, pid: server.pid!, logFile: options.logFile, stop };
}

async function waitUntilServing(
  url: string,
  server: ChildProcess,
  logFile: string,
  name = 'wrangler dev',
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${name} exited with ${server.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000} s; see ${logFile}`);
}
