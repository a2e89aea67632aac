// The bench's worker CPU step: what one request costs the worker process, read from the kernel's own accounting
// (utime + stime of workerd in /proc/<pid>/stat) over N requests sent one at a time, divided by N. It compares a
// rendered page (an edge-cache miss each time: every request names another URL), the API read of the same article
// (also a miss each time), and the page from the edge cache (the same URL again), plus the page's bytes. Local
// workerd under `wrangler dev` also spends CPU on its request log and the dev proxy, the same for each row: the
// ratio of page to API read is the figure to compare.
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

/** The workerd process started (through wrangler's node processes) by the process `root`. */
export function workerdOf(root: number): number | null {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => procStat(Number(name)))
    .filter((s): s is ProcStat => s !== null);
  const byPid = new Map(all.map((s) => [s.pid, s]));
  const descends = (s: ProcStat) => {
    for (let p: ProcStat | undefined = s; p; p = byPid.get(p.ppid)) if (p.pid === root) return true;
    return false;
  };
  return all.find((s) => s.comm === 'workerd' && descends(s))?.pid ?? null;
}

/** CPU milliseconds of `pid` per request over `n` sequential requests made by `request(i)`. */
async function cpuPerRequest(pid: number, n: number, request: (i: number) => Promise<unknown>): Promise<number> {
  const before = procStat(pid)?.ticks ?? 0;
  for (let i = 0; i < n; i++) await request(i);
  const after = procStat(pid)?.ticks ?? 0;
  return ((after - before) * 1000) / CLOCK_TICKS_PER_SECOND / n;
}

const get = async (url: string) => {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res.arrayBuffer();
};

/** Prints the CPU per request of the page, the API read and the cached page, and the page's bytes. */
export async function printWorkerCpu(baseUrl: string, serverPid: number, articlePath: string, n = 200): Promise<void> {
  const pid = workerdOf(serverPid);
  if (pid === null) {
    console.log('  (no workerd process found under the server; worker CPU not measured)');
    return;
  }
  const articleId = articlePath.split('/').at(-1)!;
  // Warm: the isolate, the statements built once, the page template and manifest.
  for (let i = 0; i < 20; i++) {
    await get(`${baseUrl}${articlePath}?warm=${i}`);
    await get(`${baseUrl}/api/articles/${articleId}?warm=${i}`);
  }
  const rows: [string, number][] = [
    [
      'GET /api/articles/{id} (edge-cache miss)',
      await cpuPerRequest(pid, n, (i) => get(`${baseUrl}/api/articles/${articleId}?n=${i}`)),
    ],
    [
      'GET /article/{id} rendered (edge-cache miss)',
      await cpuPerRequest(pid, n, (i) => get(`${baseUrl}${articlePath}?n=${i}`)),
    ],
    [
      'GET /article/{id} from the edge cache',
      await cpuPerRequest(pid, n, () => get(`${baseUrl}${articlePath}?n=cached`)),
    ],
    ['GET / rendered (edge-cache miss)', await cpuPerRequest(pid, n, (i) => get(`${baseUrl}/?n=${i}`))],
  ];
  for (const [label, ms] of rows) console.log(`  ${label.padEnd(46)} ${ms.toFixed(2)} ms CPU per request`);
  console.log(`  rendered page / API read: ${(rows[1]![1] / rows[0]![1]).toFixed(2)}x (goal: at most 2x)`);
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
  for (const path of ['/', articlePath]) {
    const html = new Uint8Array(await get(`${baseUrl}${path}`));
    console.log(
      `  ${path.replace(/[0-9a-f-]{36}/, '{id}').padEnd(14)} HTML ${(html.length / 1024).toFixed(1)} KB, ` +
        `${(gzipSync(html).length / 1024).toFixed(1)} KB gzip`,
    );
  }
}
