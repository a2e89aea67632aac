// A throwaway `wrangler dev` for the hand-run attack scripts (`npm run fuzz`, `npm run load`): a fresh local
// state in its own folder, migrated and seeded with the demo, served on free ports (worker/scripts/dev-server.ts),
// stopped and removed afterwards. The developer's .wrangler/state is never touched.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, runTool, startDevServer } from './dev-server';

/** Whether something answers `GET {url}/api/news` with 200. */
export async function isServing(url: string): Promise<boolean> {
  try {
    const res = await fetch(url + '/api/news', { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts `wrangler dev` on a fresh migrated and seeded state; the API and the pages, without the SPA's build. */
export async function startLocalServer(log: (line: string) => void = console.log): Promise<LocalServer> {
  const work = path.join(ROOT, 'node_modules/.cache/local-server', `run-${process.pid}`);
  const state = path.join(work, 'state');
  const assets = path.join(work, 'assets');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  mkdirSync(assets, { recursive: true });
  // The pages' template without the SPA's files (as worker/pages/template.ts's BARE_TEMPLATE): pages render into it.
  writeFileSync(
    path.join(assets, 'index.html'),
    '<!doctype html>\n<html lang="en">\n<head><title>SO Portal</title></head>\n<body><div id="root"></div></body>\n</html>\n',
  );
  log('local server: migrating and seeding a fresh state');
  await runTool('migrations', 'wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
  await runTool('seed', 'tsx', ['worker/scripts/seed.ts', '--persist-to', state]);
  const server = await startDevServer({
    args: ['--persist-to', state, '--assets', assets, '--log-level', 'error'],
    logFile: path.join(work, 'wrangler-dev.log'),
    readyPath: '/api/news',
  });
  log(`local server: wrangler dev (pid ${server.pid}) on ${server.url}`);
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Signs in over HTTP and returns the `Cookie` header value, or null when refused. */
/**
 * Signs in and returns the session cookie. `address` is sent as CF-Connecting-IP, which a local wrangler dev takes
 * from the client (Cloudflare sets it itself): a tool that also sends failing sign-ins keeps its own apart from
 * them, so the sign-in limit of an address failing against many accounts (decision 003) does not refuse it.
 */
export async function signIn(
  url: string,
  username: string,
  password: string,
  address?: string,
): Promise<string | null> {
  const res = await fetch(url + '/api/users/auth', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(address ? { 'CF-Connecting-IP': address } : {}) },
    body: JSON.stringify({ username, password }),
  });
  await res.body?.cancel();
  if (!res.ok) return null;
  return (
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => /^(__Host-)?session=/.test(c)) ?? null
  );
}

let spread = 0;
/**
 * Gives an autocannon request a client address of its own (CF-Connecting-IP, which a local wrangler dev takes from
 * the client), so a load from one machine measures the reads, not the per-address limits of search (decision 021).
 */
export function spreadAddress<R extends { headers?: object }>(request: R): R {
  spread = (spread + 1) % 65_000;
  const address = `198.19.${spread >> 8}.${spread & 255}`;
  return { ...request, headers: { ...request.headers, 'CF-Connecting-IP': address } };
}
