// Running the local tools the way the e2e harness and the bench both need: a tool from node_modules/.bin
// to completion, and `wrangler dev` on a free port in its own process group, stopped by its id.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

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

/** Runs a tool from node_modules/.bin to completion; its output is shown only when it fails. Returns seconds taken. */
export function runTool(label: string, tool: string, args: string[], extraEnv: Record<string, string> = {}): number {
  const started = performance.now();
  const result = spawnSync(path.join(BIN, tool), args, {
    cwd: ROOT, env: { ...toolEnv, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`${label} failed (${result.error?.message ?? `exit ${result.status}`})\n${result.stdout}\n${result.stderr}`);
  }
  return (performance.now() - started) / 1000;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface DevServer {
  /** http://127.0.0.1:{port} */
  url: string;
  pid: number;
  logFile: string;
  /** Ends the process group (the wrangler launcher, its node child and workerd); safe to call twice. */
  stop: () => Promise<void>;
}

export interface DevServerOptions {
  /** Arguments after `wrangler dev --local --ip --port --inspector-port`: config, state, assets, vars. */
  args: string[];
  logFile: string;
  /** A path that answers 2xx once the worker is up. */
  readyPath: string;
}

async function stopProcessGroup(server: ChildProcess): Promise<void> {
  if (server.pid === undefined || server.exitCode !== null || server.signalCode !== null) return;
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
    ['dev', '--local', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort),
      '--show-interactive-dev-session=false', ...options.args],
    { cwd: ROOT, env: toolEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  const stop = async () => {
    await stopProcessGroup(server);
    if (!log.closed) await new Promise<void>((resolve) => log.end(resolve));
  };
  try {
    await waitUntilServing(url + options.readyPath, server, options.logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: server.pid!, logFile: options.logFile, stop };
}

async function waitUntilServing(url: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s; see ${logFile}`);
}
