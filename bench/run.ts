// `npm run bench`: the project's reads against a floor (bench/floor: bare Hono + D1, one statement per read),
// both under `wrangler dev` on one freshly seeded local state, measured interleaved with autocannon, then the
// largest contentful paint of the SPA on a slow phone. Prints numbers; asserts nothing.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type DevServer,
  ROOT,
  runTool,
  seedState,
  startDevServer,
  stopStartedProcesses,
} from '#worker/scripts/dev-server';
import { checkoutCommit } from './baseline';
import { printLcp } from './lcp';
import { printWorkerCpu } from './worker-cpu';
import { printLatencyModel } from './model';
import { demoReads, lcpArticlePath, probe, Reader } from './reads';

import { parseOptions, USAGE, type Options } from './options';
import { measure, settle, stopLoad } from './load';
import { printTable, type Row, type Target } from './table';

const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/bench');
const WORK = path.join(CACHE_DIR, `run-${process.pid}`);
const STATE = path.join(WORK, 'state');
const DIST = path.join(WORK, 'dist');
/**
 * The baseline commit's files (--lcp-baseline) and its build. Outside node_modules: esbuild (wrangler's bundler)
 * applies no tsconfig.json to files under a node_modules folder, and the JSX would be compiled for the wrong runtime.
 */
const BASELINE = path.join(os.tmpdir(), `so-portal-bench-baseline-${process.pid}`);
const BASELINE_DIST = path.join(WORK, 'baseline-dist');

// ---- the run ----

async function bench(options: Options): Promise<void> {
  const started = performance.now();
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown cpu';
  console.log(
    `SO Portal bench, ${new Date().toISOString()}, ${os.cpus().length} cores (${cpu}), ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, Node ${process.version}`,
  );

  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  mkdirSync(DIST, { recursive: true });
  if (options.lcp) {
    const { seconds } = await runTool(
      'building the SPA',
      'vite',
      ['build', '--config', 'web/vite.config.ts', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'],
      {
        NODE_ENV: 'production',
      },
    );
    console.log(`built the SPA (${seconds.toFixed(1)} s)`);
    if (options.baseline) await prepareBaseline(options.baseline);
  }
  const seed = await seedState(STATE, options.articles);
  for (const line of seed.stdout.split('\n'))
    if (/^(Seeded|Added|Seed finished)/.test(line)) console.log(`seed: ${line}`);

  const start = (label: string, args: string[], cwd?: string) =>
    startDevServer({
      args,
      cwd,
      logFile: path.join(WORK, `${label.replace(/\W+/g, '-')}.log`),
      readyPath: '/api/news',
      // Several servers start one after another on a machine the load runs have kept busy.
      readyTimeoutMs: 240_000,
    });
  const projects: Target[] = [];
  for (const mode of options.cacheModes) {
    const server = await start(`project cache ${mode}`, projectArgs(mode));
    projects.push({ label: `cache ${mode}`, server, reader: await Reader.signIn(server.url) });
  }
  if (options.reads) await benchReads(options, projects, start);

  if (options.lcp) {
    const lcpTargets = [{ label: 'working tree', url: projects[0]!.server.url }];
    if (options.baseline) {
      const baseline = await start(
        `baseline ${options.baseline}`,
        [
          '--persist-to',
          STATE,
          '--assets',
          BASELINE_DIST,
          '--var',
          'BENCH_TIMING:1',
          '--var',
          `EDGE_CACHE:${options.cacheModes[0]}`,
        ],
        BASELINE,
      );
      console.log(`baseline ${options.baseline} ${baseline.url} (pid ${baseline.pid})`);
      lcpTargets.unshift({ label: options.baseline, url: baseline.url });
    }
    console.log(
      '\nLargest contentful paint, 4x CPU slowdown and slow 3G (400 ms, 400 kbit/s each way), cold cache, project ' +
        `${projects[0]!.label}${options.lcpRuns > 1 ? `, median of ${options.lcpRuns} loads (each load in brackets)` : ''}:`,
    );
    // The German front page and a German article beside the English ones (issue 29; the demo seed translates it).
    const article = await lcpArticlePath(projects[0]!.server.url);
    await printLcp(lcpTargets, ['/', '/de/', article, `/de${article}`], options.lcpRuns);
  }
  console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * `wrangler dev` arguments of the floor on the run's state, with the project's SPA build behind the same assets'
 * router as the project's (bench/floor/wrangler.toml): both sides then run the same process, only the worker differs.
 */
const FLOOR_ARGS = ['--config', 'bench/floor/wrangler.toml', '--persist-to', STATE, '--assets', DIST] as const;

/** `wrangler dev` arguments of the project on the run's state, with the edge cache on or off. */
const projectArgs = (mode: 'on' | 'off', timing = true) => [
  '--persist-to',
  STATE,
  '--assets',
  DIST,
  ...(timing ? ['--var', 'BENCH_TIMING:1'] : []),
  '--var',
  `EDGE_CACHE:${mode}`,
];

/**
 * The files of commit `ref` (git archive: committed content only) in BASELINE, with this checkout's node_modules,
 * and their SPA built into BASELINE_DIST; wrangler bundles its worker when it is started.
 */
async function prepareBaseline(ref: string): Promise<void> {
  checkoutCommit(ref, BASELINE);
  const { seconds } = await runTool(
    `building the SPA of ${ref}`,
    'vite',
    [
      'build',
      '--config',
      path.join(BASELINE, 'web/vite.config.ts'),
      '--outDir',
      BASELINE_DIST,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { NODE_ENV: 'production' },
  );
  console.log(`built the SPA of ${ref} (${seconds.toFixed(1)} s)`);
}

/** The reads against the floor, then the worker's CPU per request. */
async function benchReads(
  options: Options,
  projects: Target[],
  start: (label: string, args: string[]) => Promise<DevServer>,
): Promise<void> {
  const floorServer = await start('floor', [...FLOOR_ARGS]);
  const floor: Target = { label: 'floor', server: floorServer, reader: projects[0]!.reader };
  console.log(
    `floor ${floorServer.url} (pid ${floorServer.pid}); ` +
      projects.map((p) => `project ${p.label} ${p.server.url} (pid ${p.server.pid})`).join('; '),
  );

  const reads = await demoReads(projects[0]!.server.url, options.search);
  const rows: Row[] = [];
  for (const read of reads) {
    for (const who of ['visitor', 'reader'] as const) {
      for (const project of projects) {
        const cookie = (t: Target) => (who === 'reader' ? t.reader.cookie() : undefined);
        const probes = {
          floor: await probe(floor.server.url, read, await cookie(floor)),
          project: await probe(project.server.url, read, await cookie(project)),
        };
        for (const [side, p] of Object.entries(probes)) {
          if (p.status !== 200)
            throw new Error(`${side} answered ${read.method} ${read.path} as ${who} with ${p.status}`);
        }
        rows.push({ read, who, floor, project, samples: { floor: [], project: [] }, probes });
      }
    }
  }

  // Warm both up (JIT, SQLite page cache) before anything counts.
  for (const read of options.load ? reads : []) {
    for (const t of [floor, ...projects]) {
      await measure(t.server.url, read, undefined, 1, options.connections);
      await settle(t.server.url);
    }
  }

  // What a warm request costs: probed again after the warm-up, so with the cache on the counts are the cached
  // answer's (the first probe above met an empty cache).
  for (const row of rows) {
    row.probes.project = await probe(
      row.project.server.url,
      row.read,
      row.who === 'reader' ? await row.project.reader.cookie() : undefined,
    );
  }
  if (options.load) await measureRows(rows, options);
  printTable(rows, options);
  printLatencyModel(
    rows
      .filter((r) => r.project === projects[0])
      .map((r) => ({ read: r.read.name, who: r.who, probe: r.probes.project })),
    { replica: options.replicaRtt, primary: options.primaryRtt },
  );

  console.log(
    '\nWorker CPU per request (utime+stime from /proc of the workerd process that runs the worker and its local ' +
      "bindings, not wrangler's proxy in front of it; over 200 sequential requests; the project's servers without " +
      'BENCH_TIMING, whose counting wrappers the floor has not):',
  );
  await printWorkerCpu({
    floor: floor.server,
    floorLogging: await start('floor with log line', [...FLOOR_ARGS, '--var', 'FLOOR_LOG:1']),
    project: await start('project cache off (CPU)', projectArgs('off', false)),
    cached: await start('project cache on (CPU)', projectArgs('on', false)),
    articlePath: await lcpArticlePath(projects[0]!.server.url),
    readerCookie: (fresh) => projects[0]!.reader.cookie(fresh),
  });
}

/** Rounds of floor and project alternating under load, each row in turn. */
async function measureRows(rows: Row[], options: Options): Promise<void> {
  const perRound = rows.length * 2 * options.duration;
  console.log(
    `measuring: ${options.rounds} rounds x ${rows.length} pairs x 2 x ${options.duration} s = ` +
      `${Math.round(((options.rounds * perRound) / 60) * 10) / 10} min, ${options.connections} connections, floor and project alternating`,
  );
  for (let round = 1; round <= options.rounds; round++) {
    for (const row of rows) {
      const cookie = (t: Target) => (row.who === 'reader' ? t.reader.cookie() : undefined);
      for (const side of ['floor', 'project'] as const) {
        const target = row[side];
        row.samples[side].push(
          await measure(target.server.url, row.read, await cookie(target), options.duration, options.connections),
        );
        await settle(target.server.url);
      }
    }
    console.log(`  round ${round} of ${options.rounds} done`);
  }
}

// ---- process ----

/** Work folders of runs whose process is gone (killed before they could clean up). */
function removeStaleRuns(): void {
  let names: string[] = [];
  try {
    names = readdirSync(CACHE_DIR);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    if (!pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(path.join(CACHE_DIR, name), { recursive: true, force: true });
    }
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  if (!options) {
    console.log(USAGE);
    return;
  }
  removeStaleRuns();
  const cleanUp = async () => {
    stopLoad();
    await stopStartedProcesses();
    if (!options.keep) rmSync(WORK, { recursive: true, force: true });
    rmSync(BASELINE, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the servers`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await bench(options);
  } finally {
    await cleanUp();
    if (options.keep) console.log(`kept ${WORK}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
