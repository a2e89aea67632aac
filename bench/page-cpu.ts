// The page's data path, measured (decision 048): the worker CPU of a rendered article page against the API read of
// the same article, for the working tree and for a baseline commit, side by side in one run. Both servers run the
// same SPA build on the same seeded state with the edge cache off, so each request renders or reads anew; CPU is
// utime + stime from /proc of the workerd process that runs the worker (not wrangler's proxy in front of it) over N
// sequential requests (bench/worker-cpu.ts). The servers bundle the worker with NODE_ENV=production, as `wrangler
// deploy` does: `wrangler dev` otherwise bundles React's development build, whose checks cost the rendered page more
// than half its CPU.
// The German article page and /de/ are measured beside the English ones (issue 29: a German page within 1.1x of
// the English page's CPU); the seed's demo translates the article (worker/scripts/seed-demo-german.ts).
//   npm run bench:page-cpu -- --baseline <commit> [--requests 200] [--articles 60]
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
import { lcpArticlePath } from './reads';
import { cpuPerRequest, workerdOf } from './worker-cpu';

const WORK = path.join(ROOT, 'node_modules/.cache/bench', `page-cpu-${process.pid}`);
const STATE = path.join(WORK, 'state');
const DIST = path.join(WORK, 'dist');
const BASELINE = path.join(os.tmpdir(), `so-portal-page-cpu-baseline-${process.pid}`);

const get = async (url: string) => {
  const res = await fetch(url);
  if (res.status !== 200) {
    // The servers' logs are kept for a failed run (each server's log file under WORK).
    keepLogs = true;
    throw new Error(`${url} answered ${res.status} (the servers' logs are kept in ${WORK})`);
  }
  return res.arrayBuffer();
};
let keepLogs = false;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string' },
      requests: { type: 'string', default: '200' },
      articles: { type: 'string', default: '60' },
    },
  });
  const n = Number(values.requests);
  mkdirSync(WORK, { recursive: true });
  await runTool(
    'building the SPA',
    'vite',
    ['build', '--config', 'web/vite.config.ts', '--outDir', DIST, '--emptyOutDir'],
    {
      NODE_ENV: 'production',
    },
  );
  await seedState(STATE, values.articles);
  const args = ['--persist-to', STATE, '--assets', DIST, '--var', 'EDGE_CACHE:off'];
  const targets: { label: string; server: DevServer }[] = [];
  const start = (label: string, cwd?: string) =>
    startDevServer({
      args,
      cwd,
      logFile: path.join(WORK, `${label.replace(/\W+/g, '-')}.log`),
      readyPath: '/api/news',
      env: { NODE_ENV: 'production' },
      // Bundling the worker takes minutes when the shared machine is busy.
      readyTimeoutMs: 300_000,
    });
  targets.push({ label: 'working tree', server: await start('working tree') });
  if (values.baseline)
    targets.push({
      label: values.baseline,
      server: await start('baseline', checkoutCommit(values.baseline, BASELINE)),
    });

  const articlePath = await lcpArticlePath(targets[0]!.server.url);
  const id = articlePath.split('/').at(-1)!;
  console.log(
    `page CPU, ${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, ` +
      `${n} sequential requests each, edge cache off, ${articlePath}`,
  );
  // The article's API read and its page, and the German page beside the English one (issue 29: within 1.1x), for
  // the article and for /.
  const paths = {
    api: `/api/articles/${id}`,
    page: articlePath,
    dePage: `/de${articlePath}`,
    home: '/',
    deHome: '/de/',
  } as const;
  type Column = keyof typeof paths;
  const columns = Object.keys(paths) as Column[];
  for (const { server } of targets)
    for (let i = 0; i < 20; i++) for (const column of columns) await get(`${server.url}${paths[column]}?warm=${i}`);
  // Alternating the servers row by row, so a change in the machine's load reaches both.
  const rows = targets.map(({ label }) => ({ label, ms: { api: 0, page: 0, dePage: 0, home: 0, deHome: 0 } }));
  for (let round = 0; round < 2; round++) {
    for (const [i, { server }] of targets.entries()) {
      const pid = workerdOf(server.pid, server.url);
      if (pid === null) throw new Error(`no workerd under ${server.url}`);
      for (const column of columns)
        rows[i]!.ms[column] +=
          (await cpuPerRequest(pid, n, (k) => get(`${server.url}${paths[column]}?n=${round}-${k}`))) / 2;
    }
  }
  const ms = (value: number) => `${value.toFixed(2).padStart(6)} ms`;
  const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  for (const { label, ms: m } of rows) {
    console.log(
      `  ${label.padEnd(14)} GET /api/articles/{id} ${ms(m.api)}   GET /article/{id} rendered ${ms(m.page)}   ` +
        `page/API ${x(m.page, m.api)}`,
    );
    console.log(
      `  ${''.padEnd(14)} GET /de/article/{id} ${ms(m.dePage)} (${x(m.dePage, m.page)} of English)   ` +
        `GET / ${ms(m.home)}   GET /de/ ${ms(m.deHome)} (${x(m.deHome, m.home)} of English)`,
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
    if (!keepLogs) rmSync(WORK, { recursive: true, force: true });
  });
