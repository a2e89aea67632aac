// The bench's worker CPU step: what one request costs the local runtime, read from the kernel's own accounting
// (utime + stime in /proc/<pid>/stat of the workerd process that runs the worker, see `workerdOf`) over N requests sent
// one at a time, divided by N. In the same run: the floor's API read of an article (bench/floor), the project's (edge
// cache off, as a visitor and as a reader with a session ticket), the project's answer to an unknown /api path, and,
// on a project with the edge cache on, the rendered page (a miss each time: every request names another URL) against
// the same page from the edge cache.
// What the process does besides the worker's own JavaScript, unlike a deployment (docs/benchmark.md): it runs the
// local D1 (SQLite behind a Durable Object), the Cache API and the static assets' router in the same process, and it
// formats every console line for the terminal (workerd's stdout mode, node:util's inspect) where a deployment hands
// the logged object to Workers Logs. The floor runs behind the same assets router (bench/floor/wrangler.toml), and the
// floor with the log line prints the same line: the ratios against it are the figures to compare (decision 044).
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const CLOCK_TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

function procStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After comm: state(3) ppid(4) ... utime(14) stime(15), numbered from 1 with pid and comm as 1 and 2.
    return { pid, comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/**
 * The workerd process that runs the worker started (through wrangler's node processes) by the process `root`, which
 * serves `url`. `wrangler dev` starts two: one runs wrangler's proxy worker, listening on the public port and passing
 * each request on; the other runs the worker itself with its local bindings (D1, KV, the cache) and the inspector.
 * The second is the one measured: the first costs the same for any worker (before 2026-11-27 the bench read it,
 * which is why the project and the floor looked alike).
 */
export function workerdOf(root: number, url: string): number | null {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((s): s is ProcStat => s !== null);
  const byPid = new Map(all.map((s) => [s.pid, s]));
  const descends = (s: ProcStat) => {
    for (let p: ProcStat | undefined = s; p; p = byPid.get(p.ppid)) if (p.pid === root) return true;
    return false;
  };
  const proxy = `--socket-addr=entry=${new URL(url).host}`;
  const runtimes = all.filter((s) => s.comm === 'workerd' && descends(s) && !cmdline(s.pid).includes(proxy));
  return runtimes.length === 1 ? runtimes[0]!.pid : null;
}

function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
}

/** CPU milliseconds of `pid` per request over `n` sequential requests made by `request(i)`. */
export async function cpuPerRequest(pid: number, n: number, request: (i: number) => Promise<unknown>): Promise<number> {
  const before = procStat(pid)?.ticks ?? 0;
  for (let i = 0; i < n; i++) await request(i);
  const after = procStat(pid)?.ticks ?? 0;
  return ((after - before) * 1000) / CLOCK_TICKS_PER_SECOND / n;
}

/**
 * CPU milliseconds per request of each of `requests` on `pid`, measured in turns (`rounds` turns of n / rounds
 * requests each), so that a change in the shared machine's load reaches every one alike.
 */
export async function cpuInTurns(
  pid: number,
  n: number,
  requests: ((i: number) => Promise<unknown>)[],
  rounds = 4,
): Promise<number[]> {
  const totals = requests.map(() => 0);
  const each = Math.max(1, Math.round(n / rounds));
  for (let round = 0; round < rounds; round++)
    for (const [k, request] of requests.entries())
      totals[k]! += (await cpuPerRequest(pid, each, (i) => request(round * each + i))) / rounds;
  return totals;
}

const get = async (url: string) => {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res.arrayBuffer();
};

export interface CpuTargets {
  floor: { url: string; pid: number };
  /** The floor with the project's request log line (`FLOOR_LOG`). */
  floorLogging: { url: string; pid: number };
  /** The project with the edge cache off. */
  project: { url: string; pid: number };
  /** The project with the edge cache on (the page's cached row). */
  cached: { url: string; pid: number };
  articlePath: string;
  /** The demo reader's Cookie header, with a session ticket good for `fresh` seconds more. */
  readerCookie: (fresh: number) => Promise<string>;
}

const getWith = async (url: string, cookie: string) => {
  const res = await fetch(url, { headers: { Cookie: cookie } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res.arrayBuffer();
};
const get404 = async (url: string) => {
  const res = await fetch(url);
  if (res.status !== 404) throw new Error(`${url} answered ${res.status}`);
  return res.arrayBuffer();
};

/**
 * Prints the CPU per request of the floor's and the project's API read, the project's unknown path, its rendered and
 * cached page, with the ratios issue 31 sets goals for, and the page's bytes.
 */
export async function printWorkerCpu(t: CpuTargets, n = 200): Promise<void> {
  const pids = {
    floor: workerdOf(t.floor.pid, t.floor.url),
    floorLogging: workerdOf(t.floorLogging.pid, t.floorLogging.url),
    project: workerdOf(t.project.pid, t.project.url),
    cached: workerdOf(t.cached.pid, t.cached.url),
  };
  if (Object.values(pids).includes(null)) {
    console.log('  (no workerd process found under a server; worker CPU not measured)');
    return;
  }
  const articleId = t.articlePath.split('/').at(-1)!;
  const api = (base: string, i: number | string) => `${base}/api/articles/${articleId}?n=${i}`;
  // Warm: the isolates, the statements built once, the page template and manifest.
  for (let i = 0; i < 20; i++) {
    await get(api(t.floor.url, `warm${i}`));
    await get(api(t.floorLogging.url, `warm${i}`));
    await get(api(t.project.url, `warm${i}`));
    await getWith(api(t.project.url, `warm${i}`), await t.readerCookie(10));
    await get404(`${t.project.url}/api/no-such-path?n=${i}`);
    await get(`${t.cached.url}${t.articlePath}?warm=${i}`);
    await get(`${t.cached.url}${t.articlePath}?n=cached`);
  }
  const floorRead = await cpuPerRequest(pids.floor!, n, (i) => get(api(t.floor.url, i)));
  const floorLogged = await cpuPerRequest(pids.floorLogging!, n, (i) => get(api(t.floorLogging.url, i)));
  const readerCookie = await t.readerCookie(55);
  const rows: [string, number][] = [
    ['floor: GET /api/articles/{id}', floorRead],
    ['floor with the request log line', floorLogged],
    ['GET /api/articles/{id}, visitor', await cpuPerRequest(pids.project!, n, (i) => get(api(t.project.url, i)))],
    [
      'GET /api/articles/{id}, reader (ticket)',
      await cpuPerRequest(pids.project!, n, (i) => getWith(api(t.project.url, i), readerCookie)),
    ],
    [
      'GET /api/no-such-path (404)',
      await cpuPerRequest(pids.project!, n, (i) => get404(`${t.project.url}/api/no-such-path?n=${i}`)),
    ],
    [
      'GET /article/{id} rendered (edge-cache miss)',
      await cpuPerRequest(pids.cached!, n, (i) => get(`${t.cached.url}${t.articlePath}?n=${i}`)),
    ],
    [
      'GET /article/{id} from the edge cache',
      await cpuPerRequest(pids.cached!, n, () => get(`${t.cached.url}${t.articlePath}?n=cached`)),
    ],
  ];
  // The German pages beside the English ones (issue 29: within 1.1x), in turns.
  const page = (path: string) => (i: number) => get(`${t.cached.url}${path}?n=${i}`);
  const germanArticle = `/de${t.articlePath}`;
  const [enArticle, deArticle, enHome, deHome] = await cpuInTurns(pids.cached!, n, [
    page(t.articlePath),
    page(germanArticle),
    page('/'),
    page('/de/'),
  ]);
  rows.push(
    ['GET / rendered (edge-cache miss)', enHome!],
    ['GET /de/ rendered (edge-cache miss)', deHome!],
    ['GET /article/{id} rendered, in turns with German', enArticle!],
    ['GET /de/article/{id} rendered (edge-cache miss)', deArticle!],
  );
  for (const [label, ms] of rows) console.log(`  ${label.padEnd(46)} ${ms.toFixed(2)} ms CPU per request`);
  const of = (label: string) => rows.find(([l]) => l.startsWith(label))![1];
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(
    `  API read / floor: visitor ${ratio(of('GET /api/articles/{id}, visitor'), floorRead)}x, ` +
      `reader ${ratio(of('GET /api/articles/{id}, reader'), floorRead)}x; ` +
      `unknown /api path / floor read: ${ratio(of('GET /api/no-such-path'), floorRead)}x`,
  );
  console.log(
    `  the same against the floor with the log line, which goal 3 is read against (decision 044: the same console ` +
      `call and assets router on both sides): visitor ${ratio(of('GET /api/articles/{id}, visitor'), floorLogged)}x, ` +
      `reader ${ratio(of('GET /api/articles/{id}, reader'), floorLogged)}x (goal: at most 1.3x), ` +
      `unknown /api path ${ratio(of('GET /api/no-such-path'), floorLogged)}x (goal: at most 1x)`,
  );
  console.log(
    `  cached page / rendered page: ${ratio(of('GET /article/{id} from'), of('GET /article/{id} rendered'))}x ` +
      `(goal: at most 0.5x); rendered page / API read: ` +
      `${ratio(of('GET /article/{id} rendered'), of('GET /api/articles/{id}, visitor'))}x (goal: at most 2x)`,
  );
  console.log(
    `  German page / English page: article ${ratio(deArticle!, enArticle!)}x, / ${ratio(deHome!, enHome!)}x ` +
      `(goal: at most 1.1x)`,
  );
  const baseUrl = t.cached.url;
  const pid = pids.cached!;
  const articlePath = t.articlePath;
  // The crawlers' documents: wall time and CPU of each, an edge-cache miss every time (flat from 1,000 to 100,000
  // articles is the goal: the sitemap's files are primary-key ranges, the feeds index ranges).
  const index = new TextDecoder().decode(await get(`${baseUrl}/sitemap.xml`));
  const firstFile = /<loc>[^<]*(\/sitemaps\/articles\/[^<]+)<\/loc>/.exec(index)?.[1] ?? '/sitemaps/articles/all.xml';
  for (const path of ['/sitemap.xml', firstFile, '/feeds/news.xml']) {
    const started = performance.now();
    const cpu = await cpuPerRequest(pid, 20, (i) => get(`${baseUrl}${path}?n=${i}`));
    const wall = (performance.now() - started) / 20;
    const bytes = (await get(`${baseUrl}${path}`)).byteLength;
    console.log(
      `  GET ${path.padEnd(28)} ${wall.toFixed(1)} ms per request, ${cpu.toFixed(2)} ms CPU, ${(bytes / 1024).toFixed(1)} KB`,
    );
  }
  for (const path of ['/', articlePath, '/de/', germanArticle]) {
    const html = new Uint8Array(await get(`${baseUrl}${path}`));
    console.log(
      `  ${path.replace(/[0-9a-f-]{36}/, '{id}').padEnd(17)} HTML ${(html.length / 1024).toFixed(1)} KB, ` +
        `${(gzipSync(html).length / 1024).toFixed(1)} KB gzip`,
    );
  }
}
