// The page's data path, measured (decision 048): the worker CPU of a rendered article page against the API read of
// the same article, for the working tree and for a baseline commit, side by side in one run. Both servers run the
// same SPA build on the same seeded state with the edge cache off, so each request renders or reads anew; CPU is
// utime + stime from /proc of the workerd process that runs the worker (not wrangler's proxy in front of it) over N
// sequential requests (bench/worker-cpu.ts). The servers bundle the worker with NODE_ENV=production, as `wrangler
// deploy` does: `wrangler dev` otherwise bundles React's development build, whose checks cost the rendered page more
// than half its CPU.
//   npm run bench:page-cpu -- --baseline <commit> [--requests 200] [--articles 60]
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ROOT, runTool, startDevServer, stopStartedProcesses, type DevServer } from '#worker/scripts/dev-server';
import { lcpArticlePath } from './reads';
import { cpuPerRequest, workerdOf } from './worker-cpu';

const WORK = path.join(ROOT, 'node_modules/.cache/bench', `page-cpu-${process.pid}`);
const STATE = path.join(WORK, 'state');
const DIST = path.join(WORK, 'dist');
const BASELINE = path.join(os.tmpdir(), `so-portal-page-cpu-baseline-${process.pid}`);

const get = async (url: string) => {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res.arrayBuffer();
};

/** The commit's files (committed content only), with this checkout's node_modules. */
function checkout(ref: string): string {
  mkdirSync(BASELINE, { recursive: true });
  const archive = spawnSync('git', ['-C', ROOT, 'archive', '--format=tar', ref], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${ref} failed: ${archive.stderr.toString()}`);
  const unpack = spawnSync('tar', ['-x', '-C', BASELINE], { input: archive.stdout });
  if (unpack.status !== 0) throw new Error(`unpacking ${ref} failed: ${unpack.stderr.toString()}`);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(BASELINE, 'node_modules'));
  return BASELINE;
}

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
  await runTool('applying the migrations', 'wrangler', [
    'd1',
    'migrations',
    'apply',
    'DB',
    '--local',
    '--persist-to',
    STATE,
  ]);
  await runTool('seeding', 'tsx', ['worker/scripts/seed.ts', '--persist-to', STATE, '--articles', values.articles]);
  const args = ['--persist-to', STATE, '--assets', DIST, '--var', 'EDGE_CACHE:off'];
  const targets: { label: string; server: DevServer }[] = [];
  const start = (label: string, cwd?: string) =>
    startDevServer({
      args,
      cwd,
      logFile: path.join(WORK, `${label.replace(/\W+/g, '-')}.log`),
      readyPath: '/api/news',
      env: { NODE_ENV: 'production' },
    });
  targets.push({ label: 'working tree', server: await start('working tree') });
  if (values.baseline)
    targets.push({ label: values.baseline, server: await start('baseline', checkout(values.baseline)) });

  const articlePath = await lcpArticlePath(targets[0]!.server.url);
  const id = articlePath.split('/').at(-1)!;
  console.log(
    `page CPU, ${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, ` +
      `${n} sequential requests each, edge cache off, ${articlePath}`,
  );
  for (const { server } of targets) {
    for (let i = 0; i < 20; i++) {
      await get(`${server.url}/api/articles/${id}?warm=${i}`);
      await get(`${server.url}${articlePath}?warm=${i}`);
    }
  }
  // Alternating the servers row by row, so a change in the machine's load reaches both.
  const rows = targets.map(({ label }) => ({ label, api: 0, page: 0 }));
  for (let round = 0; round < 2; round++) {
    for (const [i, { server }] of targets.entries()) {
      const pid = workerdOf(server.pid, server.url);
      if (pid === null) throw new Error(`no workerd under ${server.url}`);
      rows[i]!.api += (await cpuPerRequest(pid, n, (k) => get(`${server.url}/api/articles/${id}?n=${round}-${k}`))) / 2;
      rows[i]!.page += (await cpuPerRequest(pid, n, (k) => get(`${server.url}${articlePath}?n=${round}-${k}`))) / 2;
    }
  }
  for (const row of rows) {
    console.log(
      `  ${row.label.padEnd(14)} GET /api/articles/{id} ${row.api.toFixed(2).padStart(6)} ms   ` +
        `GET /article/{id} rendered ${row.page.toFixed(2).padStart(6)} ms   page/API ${(row.page / row.api).toFixed(2)}x`,
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
