// `npm run bench:upload-memory [-- --size-mib 1024 --in-flight 3]`: uploads a video of the given size through the
// resumable part calls of a throwaway `wrangler dev` (fresh local state, demo users) and samples the resident memory
// of its workerd process while the parts go up. Prints the memory at every tenth of the upload: flat means the
// worker streams each part into R2 instead of holding it (docs/decisions/017-resumable-uploads.md). A measurement,
// not a test: it asserts nothing, and docs/benchmark.md quotes its output.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RESUMABLE_LIMITS } from '#schema/limits';
import { runTool, startDevServer, stopStartedProcesses, type DevServer } from '#worker/scripts/dev-server';
import { DEMO_PASSWORD } from '#worker/scripts/seed-demo-content';

const MiB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    'size-mib': { type: 'string', default: '1024' },
    'in-flight': { type: 'string', default: '3' },
  },
});
const size = Number(values['size-mib']) * MiB;
const inFlight = Number(values['in-flight']);

/** Every process below `pid` (the wrangler launcher's node, and the workerd it starts). */
function descendants(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((child) => {
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
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(/(\d+)/.exec(line ?? '')?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-upload-memory-'));
  const state = path.join(work, 'state');
  const assets = path.join(work, 'assets');
  mkdirSync(assets);
  // The API is what is measured; the SPA's assets are not needed.
  writeFileSync(path.join(assets, 'index.html'), '<!doctype html><title>bench</title>');
  let server: DevServer | undefined;
  try {
    await runTool('migrations', 'wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state]);
    await runTool('demo seed', 'tsx', ['worker/scripts/seed.ts', '--persist-to', state]);
    server = await startDevServer({
      args: ['--persist-to', state, '--assets', assets, '--log-level', 'warn'],
      logFile: path.join(work, 'wrangler-dev.log'),
      readyPath: '/api/categories',
    });
    const base = server.url;
    const workerd = descendants(server.pid).find((pid) => /workerd/.test(commandOf(pid)));
    if (!workerd) throw new Error('no workerd process under wrangler dev');

    const origin = { Origin: base };
    const auth = await fetch(`${base}/api/users/auth`, {
      method: 'POST',
      headers: { ...origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'editor', password: DEMO_PASSWORD }),
    });
    const cookie = (auth.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!auth.ok || !cookie) throw new Error(`sign-in failed: ${auth.status}`);
    const json = { ...origin, Cookie: cookie, 'Content-Type': 'application/json' };
    const started = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ size, contentType: 'video/mp4', name: 'bench.mp4', fingerprint: `bench:${Date.now()}` }),
    });
    const upload = (await started.json<{ result: { id: string; partCount: number; partSize: number } }>()).result;
    if (!started.ok) throw new Error(`POST /uploads: ${started.status}`);

    // One part's worth of bytes, reused for every part (the first one starts like an MP4, for the sniffer).
    const part = new Uint8Array(RESUMABLE_LIMITS.partSize);
    for (let i = 0; i < part.length; i += 4096) part[i] = (i / 4096) % 251;
    const first = part.slice();
    const ascii = (text: string) => [...new TextEncoder().encode(text)];
    first.set([0, 0, 0, 0x18, ...ascii('ftypisom'), 0, 0, 2, 0, ...ascii('isomiso2')]);
    const lengthOf = (n: number) =>
      n < upload.partCount ? upload.partSize : size - (upload.partCount - 1) * upload.partSize;
    const send = async (n: number) => {
      const body = (n === 1 ? first : part).subarray(0, lengthOf(n));
      const res = await fetch(`${base}/api/uploads/${upload.id}/parts/${n}`, {
        method: 'PUT',
        headers: { ...origin, Cookie: cookie, 'Content-Type': 'application/octet-stream' },
        body,
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
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next <= upload.partCount) {
          const n = next++;
          await send(n);
          sent += lengthOf(n);
        }
      }),
    );
    const done = await fetch(`${base}/api/uploads/${upload.id}/complete`, {
      method: 'POST',
      headers: { ...origin, Cookie: cookie },
    });
    if (!done.ok) throw new Error(`complete: ${done.status} ${await done.text()}`);
    clearInterval(sampler);
    const seconds = (Date.now() - startedAt) / 1000;

    const fmt = (n: number) => n.toFixed(1).padStart(7);
    console.log(
      `Resumable upload of ${size / MiB} MiB in ${upload.partCount} parts of ${upload.partSize / MiB} MiB, ${inFlight} in flight, ` +
        `through wrangler dev (local R2), ${seconds.toFixed(1)} s (${(size / MiB / seconds).toFixed(0)} MiB/s)`,
    );
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
    console.log(
      `min ${Math.min(...rss).toFixed(1)}, max ${Math.max(...rss).toFixed(1)}, after completing ${rssMiB(workerd).toFixed(1)} MiB; ` +
        `${samples.length} samples`,
    );
  } finally {
    await server?.stop();
    await stopStartedProcesses();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
