// npm run bench:export: what one GET /api/export costs the worker (decision 036). Seeds a fresh local state with the
// demo and N scale articles, starts `wrangler dev` on it, signs in as the demo admin and editor, and downloads each
// archive once, reading the workerd process's CPU (utime + stime in /proc) before and after, its resident memory
// every 50 ms meanwhile, and the bytes and records received. Local workerd also spends CPU on the dev proxy and its
// request log; the figures are upper bounds of what the export itself costs.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { unzipSync } from 'fflate';
import { DEMO_PASSWORD } from '#worker/scripts/seed-demo-content';
import { ROOT, seedState, startDevServer, stopStartedProcesses } from '#worker/scripts/dev-server';

const CLOCK_TICKS_PER_SECOND = 100;
const WORK = path.join(ROOT, 'node_modules/.cache/bench-export', `run-${process.pid}`);
const STATE = path.join(WORK, 'state');
const DIST = path.join(WORK, 'dist');

const { values } = parseArgs({ options: { articles: { type: 'string', default: '1000' } } });
const articles = Number(values.articles);

/** pid, command, parent and utime + stime (clock ticks) of a process, or null when it is gone. */
function procStat(pid: number): { pid: number; comm: string; ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    const comm = text.slice(text.indexOf('(') + 1, close);
    return { pid, comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Every workerd process under `root` (wrangler may run more than one): their CPU is summed. */
function workerdsOf(root: number): number[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((s) => s !== null);
  const byPid = new Map(all.map((s) => [s.pid, s]));
  const descends = (pid: number) => {
    for (let p = byPid.get(pid); p; p = byPid.get(p.ppid)) if (p.pid === root) return true;
    return false;
  };
  return all.filter((s) => s.comm === 'workerd' && descends(s.pid)).map((s) => s.pid);
}

const stat = (pids: number[]) => pids.map((pid) => procStat(pid)?.ticks ?? 0);
const rssMiB = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return sum + Number(line?.split(/\s+/)[1] ?? 0) / 1024;
  }, 0);

async function signIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/users/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('session='));
  if (!res.ok || !cookie) throw new Error(`Signing in ${username} failed: ${res.status}`);
  return cookie;
}

async function measure(url: string, pid: number[], label: string, query: string, cookie: string) {
  const before = stat(pid);
  const rssBefore = rssMiB(pid);
  let rssMax = rssBefore;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMiB(pid))), 50);
  const started = performance.now();
  const res = await fetch(`${url}/api/export${query}`, { headers: { Cookie: cookie } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const wall = performance.now() - started;
  clearInterval(sampler);
  const after = stat(pid);
  const cpuMs = after.map((ticks, i) => ((ticks - before[i]!) * 1000) / CLOCK_TICKS_PER_SECOND);
  if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
  const files = unzipSync(bytes);
  const lines = (name: string) => new TextDecoder().decode(files[name]).split('\n').filter(Boolean).length;
  const media = Object.keys(files).filter((n) => n.startsWith('media/')).length;
  console.log(
    `${label.padEnd(34)} ${(bytes.length / 1048576).toFixed(1).padStart(7)} MiB  ${String(lines('articles.ndjson')).padStart(7)} articles  ` +
      `${String(lines('media.ndjson')).padStart(5)} files listed, ${String(media).padStart(4)} included  ` +
      `CPU ${cpuMs.map((ms) => ms.toFixed(0).padStart(5)).join(' + ')} ms  wall ${wall.toFixed(0).padStart(6)} ms  ` +
      `RSS ${rssBefore.toFixed(1)} -> max ${rssMax.toFixed(1)} MiB  Content-Length ${res.headers.get('Content-Length') ?? 'none'}`,
  );
}

async function main() {
  console.log(
    `export bench, ${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, ` +
      `${articles} scale articles on top of the demo`,
  );
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  mkdirSync(DIST, { recursive: true });
  await seedState(STATE, articles);
  const server = await startDevServer({
    args: ['--persist-to', STATE, '--assets', DIST],
    logFile: path.join(WORK, 'wrangler.log'),
    readyPath: '/api/news',
  });
  try {
    const pid = workerdsOf(server.pid);
    if (!pid.length) throw new Error('workerd not found');
    for (const p of pid)
      console.log(`workerd ${p}: ${readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ')}`);
    const admin = await signIn(server.url, 'admin');
    const editor = await signIn(server.url, 'editor');
    // Warm up (JIT, SQLite page cache) before anything counts.
    await measure(server.url, pid, 'warm-up (editor, own)', '', editor);
    await measure(server.url, pid, 'editor, own', '', editor);
    await measure(server.url, pid, 'editor, own, media=include', '?media=include', editor);
    await measure(server.url, pid, 'admin, scope=all', '?scope=all', admin);
    await measure(server.url, pid, 'admin, scope=all, media=include', '?scope=all&media=include', admin);
  } finally {
    await server.stop();
    rmSync(WORK, { recursive: true, force: true });
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await stopStartedProcesses();
  process.exit(1);
});
