// The API's fixed cost, before and after in one run (issue 31, decision 044): the worker CPU of the floor's read
// (bench/floor, bare and with the project's log line, both behind the same assets router), and of the project's
// `GET /api/articles/{id}` as a visitor and as a signed-in reader, and its unknown /api path, for the working tree
// and for a baseline commit, on one seeded state, alternating round by round so that a change in the shared
// machine's load reaches every row alike. CPU is utime + stime from /proc of the workerd process that runs each
// worker (bench/worker-cpu.ts), over N sequential requests.
//   npm run bench:api-cpu -- --baseline <commit> [--requests 100] [--rounds 4] [--articles 200]
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type DevServer,
  ROOT,
  runTool,
  seedState,
  startDevServer,
  stopStartedProcesses,
} from '#worker/scripts/dev-server';
import { checkoutCommit } from './baseline';
import { lcpArticlePath, Reader } from './reads';
import { cpuPerRequest, workerdOf } from './worker-cpu';

const WORK = path.join(ROOT, 'node_modules/.cache/bench', `api-cpu-${process.pid}`);
const STATE = path.join(WORK, 'state');
const DIST = path.join(WORK, 'dist');
const BASELINE = path.join(os.tmpdir(), `so-portal-api-cpu-baseline-${process.pid}`);

const fetchExpecting = async (url: string, status: number, cookie?: string) => {
  const res = await fetch(url, cookie ? { headers: { Cookie: cookie } } : {});
  if (res.status !== status) throw new Error(`${url} answered ${res.status}`);
  return res.arrayBuffer();
};

const withoutBookmark = (cookie: string) =>
  cookie
    .split('; ')
    .filter((pair) => !pair.startsWith('d1-bookmark='))
    .join('; ');

interface Side {
  label: string;
  server: DevServer;
  pid: number;
  reader?: Reader;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string' },
      requests: { type: 'string', default: '100' },
      rounds: { type: 'string', default: '4' },
      articles: { type: 'string', default: '200' },
    },
  });
  const n = Number(values.requests);
  const rounds = Number(values.rounds);
  mkdirSync(WORK, { recursive: true });
  // The floor's assets router needs a build to serve (bench/floor/wrangler.toml); the reads measured never load it.
  await runTool('building the SPA', 'vite', ['build', '--config', 'web/vite.config.ts', '--outDir', DIST], {
    NODE_ENV: 'production',
  });
  await seedState(STATE, values.articles);
  const start = async (label: string, args: string[], cwd?: string): Promise<Side> => {
    const server = await startDevServer({
      args: ['--persist-to', STATE, '--assets', DIST, ...args],
      cwd,
      logFile: path.join(WORK, `${label.replace(/\W+/g, '-')}.log`),
      readyPath: '/api/news',
      readyTimeoutMs: 300_000,
    });
    const pid = workerdOf(server.pid, server.url);
    if (pid === null) throw new Error(`no workerd under ${server.url}`);
    return { label, server, pid };
  };
  const floor = ['--config', 'bench/floor/wrangler.toml'];
  const floors = [
    await start('floor', floor),
    await start('floor with the log line', [...floor, '--var', 'FLOOR_LOG:1']),
  ];
  const projects = [await start('working tree', ['--var', 'EDGE_CACHE:off'])];
  if (values.baseline)
    projects.unshift(
      await start(values.baseline, ['--var', 'EDGE_CACHE:off'], checkoutCommit(values.baseline, BASELINE)),
    );
  for (const p of projects) p.reader = await Reader.signIn(p.server.url);

  const id = (await lcpArticlePath(projects[0]!.server.url)).split('/').at(-1)!;
  const read = (side: Side, k: string) => `${side.server.url}/api/articles/${id}?n=${k}`;
  type Row = { label: string; pid: number; request: (k: string) => Promise<unknown>; ms: number[] };
  const rows: Row[] = floors.map((f) => ({
    label: f.label,
    pid: f.pid,
    request: (k) => fetchExpecting(read(f, k), 200),
    ms: [],
  }));
  // The readers' cookies are renewed before each round, outside the measurement (a ticket good for 40 s more), as a
  // browser's stay the same between renewals.
  const cookies = new Map<Side, string>();
  const renew = async () => {
    for (const p of projects) cookies.set(p, await p.reader!.cookie(40));
  };
  await renew();
  for (const p of projects)
    rows.push(
      { label: `${p.label}: visitor`, pid: p.pid, request: (k) => fetchExpecting(read(p, k), 200), ms: [] },
      {
        label: `${p.label}: reader`,
        pid: p.pid,
        request: (k) => fetchExpecting(read(p, k), 200, cookies.get(p)),
        ms: [],
      },
      {
        // As the bench's reader was before it sent the bookmark back: each answer then sets the cookie again.
        label: `${p.label}: reader, no bookmark sent`,
        pid: p.pid,
        request: (k) => fetchExpecting(read(p, k), 200, withoutBookmark(cookies.get(p)!)),
        ms: [],
      },
      {
        label: `${p.label}: unknown /api path`,
        pid: p.pid,
        request: (k) => fetchExpecting(`${p.server.url}/api/no-such-path?n=${k}`, 404),
        ms: [],
      },
    );
  for (const row of rows) for (let i = 0; i < 20; i++) await row.request(`warm-${i}`);
  console.log(
    `API CPU, ${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, ` +
      `${rounds} rounds of ${n} sequential requests per row, edge cache off, ${values.articles} articles`,
  );
  for (let round = 0; round < rounds; round++) {
    await renew();
    for (const row of rows) row.ms.push(await cpuPerRequest(row.pid, n, (i) => row.request(`${round}-${i}`)));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const logged = rows[1]!;
  for (const row of rows) {
    // Ratios per round (same round, same load) against the floor with the log line, then their mean.
    const ratios = row.ms.map((ms, i) => ms / logged.ms[i]!);
    console.log(
      `  ${row.label.padEnd(34)} ${mean(row.ms).toFixed(2).padStart(6)} ms  rounds ${row.ms.map((m) => m.toFixed(2)).join(' ')}` +
        `  / floor with line ${mean(ratios).toFixed(2)}x (${ratios.map((r) => r.toFixed(2)).join(' ')})` +
        `  / bare floor ${(mean(row.ms) / mean(rows[0]!.ms)).toFixed(2)}x`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopStartedProcesses();
    rmSync(BASELINE, { recursive: true, force: true });
    rmSync(WORK, { recursive: true, force: true });
  });
