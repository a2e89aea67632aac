// `npm run bench:upload-memory [-- --size-mib 1024 --in-flight 3]`: uploads a video of the given size through the
// resumable part calls of a throwaway `wrangler dev` (fresh local state, demo users) and samples the resident memory
// of its workerd process while the parts go up. Prints the memory at every tenth of the upload: flat means the
// worker streams each part into R2 instead of holding it (docs/decisions/017-resumable-uploads.md). A measurement,
// not a test: it asserts nothing, and the README quotes its output.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RESUMABLE_LIMITS } from '../../schema/requests';
import { DEMO_PASSWORD } from './seed-demo-content';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const MiB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    'size-mib': { type: 'string', default: '1024' },
    'in-flight': { type: 'string', default: '3' },
  },
});
const size = Number(values['size-mib']) * MiB;
const inFlight = Number(values['in-flight']);

const env = {
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
};

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
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

/** Every process below `pid` (the wrangler launcher's node, and the workerd it starts). */
function descendants(pid: number): number[] {
  const children = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((child) => {
    try {
      return Number(readFileSync(`/proc/${child}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
    } catch {
      return false;
    }
  });
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

/** Resident memory of a process in MiB (VmRSS), or NaN once it is gone. */
function rssMiB(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(/(\d+)/.exec(line ?? '')?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

async function waitUntilServing(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).status < 500) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer ${url}`);
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-upload-memory-'));
  const state = path.join(work, 'state');
  const assets = path.join(work, 'assets');
  mkdirSync(assets);
  // The API is what is measured; the SPA's assets are not needed.
  writeFileSync(path.join(assets, 'index.html'), '<!doctype html><title>bench</title>');
  let server: ChildProcess | undefined;
  try {
    run(path.join(BIN, 'wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
    run(path.join(BIN, 'tsx'), ['worker/scripts/seed.ts', '--persist-to', state]);
    const port = await freePort();
    const inspector = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(
      path.join(BIN, 'wrangler'),
      ['dev', '--local', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector), '--persist-to', state,
        '--assets', assets, '--show-interactive-dev-session=false', '--log-level', 'warn'],
      { cwd: ROOT, env, detached: true, stdio: 'ignore' },
    );
    await waitUntilServing(`${base}/api/categories`, server);
    const workerd = descendants(server.pid!).find((pid) => /workerd/.test(commandOf(pid)));
    if (!workerd) throw new Error('no workerd process under wrangler dev');

    const origin = { Origin: base };
    const auth = await fetch(`${base}/api/users/auth`, {
      method: 'POST', headers: { ...origin, 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'editor', password: DEMO_PASSWORD }),
    });
    const cookie = (auth.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!auth.ok || !cookie) throw new Error(`sign-in failed: ${auth.status}`);
    const json = { ...origin, Cookie: cookie, 'Content-Type': 'application/json' };
    const started = await fetch(`${base}/api/uploads`, {
      method: 'POST', headers: json, body: JSON.stringify({ size, contentType: 'video/mp4', name: 'bench.mp4', fingerprint: `bench:${Date.now()}` }),
    });
    const upload = ((await started.json()) as { result: { id: string; partCount: number; partSize: number } }).result;
    if (!started.ok) throw new Error(`POST /uploads: ${started.status}`);

    // One part's worth of bytes, reused for every part (the first one starts like an MP4, for the sniffer).
    const part = Buffer.alloc(RESUMABLE_LIMITS.partSize);
    for (let i = 0; i < part.length; i += 4096) part[i] = (i / 4096) % 251;
    const first = Buffer.from(part);
    first.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
    const lengthOf = (n: number) => (n < upload.partCount ? upload.partSize : size - (upload.partCount - 1) * upload.partSize);
    const send = async (n: number) => {
      const body = (n === 1 ? first : part).subarray(0, lengthOf(n));
      const res = await fetch(`${base}/api/uploads/${upload.id}/parts/${n}`, {
        method: 'PUT', headers: { ...origin, Cookie: cookie, 'Content-Type': 'application/octet-stream' }, body,
      });
      if (!res.ok) throw new Error(`part ${n}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };

    const samples: { sent: number; rss: number }[] = [];
    let sent = 0;
    const baseline = rssMiB(workerd);
    const sampler = setInterval(() => samples.push({ sent, rss: rssMiB(workerd) }), 100);
    const startedAt = Date.now();
    await send(1);
    sent += lengthOf(1);
    let next = 2;
    await Promise.all(Array.from({ length: inFlight }, async () => {
      while (next <= upload.partCount) {
        const n = next++;
        await send(n);
        sent += lengthOf(n);
      }
    }));
    const done = await fetch(`${base}/api/uploads/${upload.id}/complete`, { method: 'POST', headers: { ...origin, Cookie: cookie } });
    if (!done.ok) throw new Error(`complete: ${done.status} ${await done.text()}`);
    clearInterval(sampler);
    const seconds = (Date.now() - startedAt) / 1000;

    const fmt = (n: number) => n.toFixed(1).padStart(7);
    console.log(`Resumable upload of ${size / MiB} MiB in ${upload.partCount} parts of ${upload.partSize / MiB} MiB, ${inFlight} in flight, ` +
      `through wrangler dev (local R2), ${seconds.toFixed(1)} s (${(size / MiB / seconds).toFixed(0)} MiB/s)`);
    console.log(`workerd resident memory (VmRSS, MiB), pid ${workerd}; before the upload: ${baseline.toFixed(1)}`);
    console.log('   sent      RSS   max so far');
    let max = baseline;
    for (let tenth = 1; tenth <= 10; tenth++) {
      const upTo = samples.filter((s) => s.sent <= (size * tenth) / 10);
      if (upTo.length === 0) continue;
      max = Math.max(max, ...upTo.map((s) => s.rss));
      console.log(`  ${String(tenth * 10).padStart(3)} %  ${fmt(upTo.at(-1)!.rss)}  ${fmt(max)}`);
    }
    const rss = samples.map((s) => s.rss).filter((r) => !Number.isNaN(r));
    console.log(`min ${Math.min(...rss).toFixed(1)}, max ${Math.max(...rss).toFixed(1)}, after completing ${rssMiB(workerd).toFixed(1)} MiB; ` +
      `${samples.length} samples`);
  } finally {
    if (server?.pid !== undefined) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // gone
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
