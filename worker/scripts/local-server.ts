// A throwaway `wrangler dev` for the hand-run attack scripts (`npm run fuzz`, `npm run load`): a fresh local
// state in its own folder, migrated and seeded with the demo, on a free port, stopped (with its whole process
// group) and removed afterwards. The developer's .wrangler/state is never touched.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const env = {
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
};

function run(label: string, command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${label} failed (${result.error?.message ?? `exit ${result.status}`})\n${result.stdout}\n${result.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** Whether something answers `GET {url}/api/news` with 200. */
export async function isServing(url: string): Promise<boolean> {
  try {
    return (await fetch(url + '/api/news', { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function stop(server: ChildProcess): Promise<void> {
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
  if ((await Promise.race([exited.then(() => 'exited'), new Promise((r) => setTimeout(() => r('timeout'), 5000))])) === 'timeout') {
    signal('SIGKILL');
    await exited;
  }
}

export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts `wrangler dev` on a fresh migrated and seeded state; the API only (an empty assets folder). */
export async function startLocalServer(log: (line: string) => void = console.log): Promise<LocalServer> {
  const work = path.join(ROOT, 'node_modules/.cache/local-server', `run-${process.pid}`);
  const state = path.join(work, 'state');
  const assets = path.join(work, 'assets');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  mkdirSync(assets, { recursive: true });
  writeFileSync(path.join(assets, 'index.html'), '<!doctype html><title>API only</title>');
  log('local server: migrating and seeding a fresh state');
  run('migrations', path.join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
  run('seed', path.join(BIN, 'tsx'), ['worker/scripts/seed.ts', '--persist-to', state]);
  const [port, inspector] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(
    path.join(BIN, 'wrangler'),
    ['dev', '--local', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector), '--persist-to', state,
      '--assets', assets, '--show-interactive-dev-session=false', '--log-level', 'error'],
    { cwd: ROOT, env, detached: true, stdio: 'ignore' },
  );
  const deadline = Date.now() + 60_000;
  while (!(await isServing(url))) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop(server);
      throw new Error(`wrangler dev did not start on ${url}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`local server: wrangler dev (pid ${server.pid}) on ${url}`);
  return {
    url,
    async stop() {
      await stop(server);
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Signs in over HTTP and returns the `Cookie` header value, or null when refused. */
export async function signIn(url: string, username: string, password: string): Promise<string | null> {
  const res = await fetch(url + '/api/users/auth', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }),
  });
  if (!res.ok) return null;
  return res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => /^(__Host-)?session=/.test(c)) ?? null;
}
