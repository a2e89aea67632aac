// `npm run bench`: the project's reads against a floor (bench/floor: bare Hono + D1, one statement per read),
// both under `wrangler dev` on one freshly seeded local state, measured interleaved with autocannon, then the
// largest contentful paint of the SPA on a slow phone. Prints numbers; asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT, runTool, startDevServer, stopStartedProcesses, type DevServer } from '#worker/scripts/dev-server';
import { spreadAddress } from '#worker/scripts/local-server';
import { printLcp } from './lcp';
import { printWorkerCpu } from './worker-cpu';
import { printLatencyModel } from './model';
import { demoReads, headersOf, lcpArticlePath, probe, Reader, type Probe, type Read } from './reads';

const USAGE = `Usage: npm run bench -- [options]
  --articles N      scale articles seeded on top of the demo (default 10000; 100000 works)
  --rounds N        rounds of interleaved floor/project measurements (default 3)
  --duration S      seconds per measurement (default 3)
  --connections N   concurrent connections of the load generator (default 8)
  --cache MODE      on, off or both: the project runs with --var EDGE_CACHE:MODE (default off)
  --search TEXT     the search text (default caf: a 3-letter prefix)
  --lcp on|off      build the SPA and measure its largest contentful paint (default on)
  --lcp-runs N      page loads per path and screen; the median is shown, with each load (default 1)
  --lcp-baseline R  also build and serve the git commit R (a branch, a tag, HEAD~1) on the same state and measure
                    its LCP alternately with the working tree's, side by side: before and after in one run
  --reads on|off    measure the reads against the floor and the worker's CPU (default on; off: LCP only)
  --load on|off     the reads under load (autocannon) against the floor (default on; off: counts, model and CPU only)
  --replica-rtt MS  the latency model's round trip to the nearest D1 replica (default 5)
  --primary-rtt MS  the latency model's round trip to the D1 primary (default 250)
  --keep            keep the work folder (state, server logs) in node_modules/.cache/bench`;

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

interface Options {
  articles: number;
  rounds: number;
  duration: number;
  connections: number;
  cacheModes: ('on' | 'off')[];
  search: string;
  lcp: boolean;
  lcpRuns: number;
  baseline: string | null;
  reads: boolean;
  load: boolean;
  replicaRtt: number;
  primaryRtt: number;
  keep: boolean;
}

function parseOptions(): Options | null {
  const { values } = parseArgs({
    options: {
      articles: { type: 'string', default: '10000' },
      rounds: { type: 'string', default: '3' },
      duration: { type: 'string', default: '3' },
      connections: { type: 'string', default: '8' },
      cache: { type: 'string', default: 'off' },
      search: { type: 'string', default: 'caf' },
      lcp: { type: 'string', default: 'on' },
      'lcp-runs': { type: 'string', default: '1' },
      'lcp-baseline': { type: 'string' },
      reads: { type: 'string', default: 'on' },
      load: { type: 'string', default: 'on' },
      'replica-rtt': { type: 'string', default: '5' },
      'primary-rtt': { type: 'string', default: '250' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return null;
  const whole = (name: string, text: string, min: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${name} needs a whole number >= ${min}, got ${text}\n${USAGE}`);
    return n;
  };
  const cacheModes = { on: ['on'], off: ['off'], both: ['off', 'on'] }[values.cache] as
    Options['cacheModes'] | undefined;
  if (!cacheModes) throw new Error(`--cache is on, off or both, got ${values.cache}\n${USAGE}`);
  if (values.lcp !== 'on' && values.lcp !== 'off') throw new Error(`--lcp is on or off, got ${values.lcp}\n${USAGE}`);
  if (values.reads !== 'on' && values.reads !== 'off')
    throw new Error(`--reads is on or off, got ${values.reads}\n${USAGE}`);
  if (values.reads === 'off' && values.lcp === 'off') throw new Error('--reads off and --lcp off leave nothing to do');
  if (values.load !== 'on' && values.load !== 'off')
    throw new Error(`--load is on or off, got ${values.load}\n${USAGE}`);
  if (!values.search.trim()) throw new Error('--search needs some text');
  return {
    articles: whole('articles', values.articles, 0),
    rounds: whole('rounds', values.rounds, 1),
    duration: whole('duration', values.duration, 1),
    connections: whole('connections', values.connections, 1),
    cacheModes,
    search: values.search,
    lcp: values.lcp === 'on',
    lcpRuns: whole('lcp-runs', values['lcp-runs'], 1),
    baseline: values['lcp-baseline'] ?? null,
    reads: values.reads === 'on',
    load: values.load === 'on',
    replicaRtt: whole('replica-rtt', values['replica-rtt'], 0),
    primaryRtt: whole('primary-rtt', values['primary-rtt'], 0),
    keep: values.keep,
  };
}

// ---- load generation ----

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors. */
  failures: number;
}

let running: autocannon.Instance | undefined;

function measure(
  baseUrl: string,
  read: Read,
  cookie: string | undefined,
  seconds: number,
  connections: number,
): Promise<Sample> {
  return new Promise((resolve, reject) => {
    running = autocannon(
      {
        url: baseUrl + read.path,
        method: read.method,
        headers: headersOf(read, cookie),
        body: read.body,
        // Each request from its own address: the search limit per address (decision 021) would refuse a bench.
        requests: [{ setupRequest: spreadAddress }],
        connections,
        duration: seconds,
      },
      (error: unknown, r: autocannon.Result) => {
        running = undefined;
        if (error) reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }));
        else
          resolve({
            rps: r.requests.total / r.duration,
            p50: r.latency.p50,
            p99: r.latency.p99,
            failures: r.non2xx + r.errors,
          });
      },
    );
  });
}

/**
 * Waits until the server answers a trivial request (a 404) quickly twice in a row. A slow read leaves up to
 * `connections` requests running when autocannon stops; they must not eat into the next measurement.
 */
async function settle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (let quick = 0; quick < 2 && Date.now() < deadline;) {
    const started = performance.now();
    try {
      await (await fetch(`${baseUrl}/api/bench-settle`, { signal: AbortSignal.timeout(10_000) })).arrayBuffer();
    } catch {
      // still busy
    }
    quick = performance.now() - started < 100 ? quick + 1 : 0;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The median of each figure over the rounds: one noisy round on a shared machine moves it little. */
const summary = (samples: Sample[]): Sample => ({
  rps: median(samples.map((s) => s.rps)),
  p50: median(samples.map((s) => s.p50)),
  p99: median(samples.map((s) => s.p99)),
  failures: samples.reduce((n, s) => n + s.failures, 0),
});

// ---- the run ----

interface Target {
  label: string;
  server: DevServer;
  /** The signed-in reader on this server (the floor ignores its cookie, but gets it too). */
  reader: Reader;
}

interface Row {
  read: Read;
  who: 'visitor' | 'reader';
  floor: Target;
  project: Target;
  samples: { floor: Sample[]; project: Sample[] };
  probes: { floor: Probe; project: Probe };
}

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
  await runTool('applying the migrations', 'wrangler', [
    'd1',
    'migrations',
    'apply',
    'DB',
    '--local',
    '--persist-to',
    STATE,
  ]);
  const seed = await runTool('seeding', 'tsx', [
    'worker/scripts/seed.ts',
    '--persist-to',
    STATE,
    '--articles',
    String(options.articles),
  ]);
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
    await printLcp(lcpTargets, ['/', await lcpArticlePath(projects[0]!.server.url)], options.lcpRuns);
  }
  console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

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
  mkdirSync(BASELINE, { recursive: true });
  const archive = spawnSync('git', ['-C', ROOT, 'archive', '--format=tar', ref], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${ref} failed: ${archive.stderr.toString()}`);
  const unpack = spawnSync('tar', ['-x', '-C', BASELINE], { input: archive.stdout });
  if (unpack.status !== 0) throw new Error(`unpacking ${ref} failed: ${unpack.stderr.toString()}`);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(BASELINE, 'node_modules'));
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
  const floorServer = await start('floor', ['--config', 'bench/floor/wrangler.toml', '--persist-to', STATE]);
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
    floorLogging: await start('floor with log line', [
      '--config',
      'bench/floor/wrangler.toml',
      '--persist-to',
      STATE,
      '--var',
      'FLOOR_LOG:1',
    ]),
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

// ---- output ----

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const rate = (n: number) => (n < 10 ? n.toFixed(1) : int(n));
const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
/** Latency of a side that completed nothing in a round would read 0 ms: show a dash instead. */
const latency = (sample: Sample, n: number) => (sample.rps > 0 ? ms(n) : '-');
const kb = (bytes: number) => (bytes < 10_000 ? `${(bytes / 1000).toFixed(1)}k` : `${int(bytes / 1000)}k`);

function printTable(rows: Row[], options: Options): void {
  const header = [
    'read',
    'who',
    'cache',
    'floor req/s',
    'p50',
    'p99',
    'project req/s',
    'p50',
    'p99',
    'ratio',
    'bytes floor',
    'project',
    'D1 trips (stmts)',
    'at primary',
    'KV reads',
    'edge cache',
  ];
  const body = rows.map((row) => {
    const f = summary(row.samples.floor);
    const p = summary(row.samples.project);
    const pp = row.probes.project;
    const failures = f.failures + p.failures;
    const loaded = (cell: () => string) => (row.samples.floor.length > 0 ? cell() : '-');
    return [
      row.read.name,
      row.who,
      row.project.label.replace('cache ', ''),
      loaded(() => rate(f.rps)),
      loaded(() => latency(f, f.p50)),
      loaded(() => latency(f, f.p99)),
      loaded(() => rate(p.rps)),
      loaded(() => latency(p, p.p50)),
      loaded(() => latency(p, p.p99)),
      loaded(() => (f.rps > 0 ? (p.rps / f.rps).toFixed(2) : '-')),
      kb(row.probes.floor.bytes),
      kb(pp.bytes),
      pp.d1RoundTrips === null ? '?' : `${pp.d1RoundTrips} (${pp.d1Statements})`,
      pp.d1PrimaryTrips === null ? '?' : String(pp.d1PrimaryTrips),
      pp.kvReads === null ? '?' : String(pp.kvReads),
      pp.edgeCache ?? '-',
      ...(failures ? [`${failures} failed requests`] : []),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 3 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(
    `\n${options.load ? `median of ${options.rounds} rounds` : 'no load runs (--load off)'}; latency in ms; ratio = project req/s / floor req/s; bytes = response body; ` +
      'D1 trips and at primary: the Server-Timing counts of one warm request (worker/middleware/bench-timing.ts)',
  );
  console.log(line(header));
  for (const r of body) console.log(line(r));
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
    running?.stop();
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
