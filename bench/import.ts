// npm run bench:import: a WordPress export of N posts (default 10,000) with two picture references each, imported
// under `wrangler dev` (decision 047). The pictures come from a local server (WEBHOOKS_ALLOW_LOCAL), so every one is a
// real fetch, sniff and R2 write. Prints the time, the workerd processes' peak resident memory and CPU per step, and
// D1 statements per item (counted by the runner under BENCH_TIMING), and the worker isolate's JavaScript heap by minute
// (bench/isolate-heap.ts: the memory a deployed worker's limit counts, without the local D1 and R2 in workerd's RSS).
import { createServer } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '#worker/scripts/seed-demo-content';
import { ROOT, seedState, startDevServer, stopStartedProcesses } from '#worker/scripts/dev-server';
import { wxrHead, wxrItem, wxrTail } from '../test/fixtures/wxr';
import type { ImportDetail } from '#schema/imports';
import { sampleIsolateHeap } from './isolate-heap';

const CLOCK_TICKS_PER_SECOND = 100;
const WORK = path.join(ROOT, 'node_modules/.cache/bench-import', `run-${process.pid}`);
const STATE = path.join(WORK, 'state');
const DIST = path.join(WORK, 'dist');

const { values } = parseArgs({
  options: { posts: { type: 'string', default: '10000' }, 'timeout-min': { type: 'string', default: '30' } },
});
const POSTS = Number(values.posts);

/** A whole 1x1 PNG (sniffed and sized like any upload). */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

function procStat(pid: number): { pid: number; comm: string; ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return {
      pid,
      comm: text.slice(text.indexOf('(') + 1, close),
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    return null;
  }
}

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

const ticks = (pids: number[]) => pids.reduce((sum, pid) => sum + (procStat(pid)?.ticks ?? 0), 0);
const rssMiB = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      const line = readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .find((l) => l.startsWith('VmRSS:'));
      return sum + Number(line?.split(/\s+/)[1] ?? 0) / 1024;
    } catch {
      return sum;
    }
  }, 0);

/** The export file: a real export's structure, posts with paragraphs, a list, a link and two pictures each. */
function makeFile(pictureBase: string): Blob {
  const site = 'https://bench.example.com';
  const parts: string[] = [
    wxrHead({
      site,
      authors: [{ login: 'writer', email: 'writer@bench.example.com', name: 'Writer' }],
      categories: Array.from({ length: 20 }, (_, i) => ({
        slug: `topic-${i}`,
        name: `Topic ${i}`,
        parent: i >= 10 ? `topic-${i - 10}` : '',
      })),
      tags: Array.from({ length: 50 }, (_, i) => ({ slug: `tag-${i}`, name: `Tag ${i}` })),
    }),
  ];
  for (let i = 1; i <= POSTS; i++) {
    const content = `<!-- wp:paragraph --><p>Post ${i} opens with <strong>bold</strong> words and a <a href="${site}/2024/03/post-${i - 1}/">link to the one before</a>.</p><!-- /wp:paragraph -->
<!-- wp:image --><figure class="wp-block-image"><img src="${pictureBase}/pic/${i}-a.png" alt="Picture A of ${i}"/><figcaption>Caption of ${i}</figcaption></figure><!-- /wp:image -->
<!-- wp:list --><ul><li>First point</li><li>Second point<ul><li>Nested</li></ul></li></ul><!-- /wp:list -->
<!-- wp:paragraph --><p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8)}</p><!-- /wp:paragraph -->
<!-- wp:image --><figure class="wp-block-image"><img src="${pictureBase}/pic/${i}-b.png" alt="Picture B of ${i}"/></figure><!-- /wp:image -->`;
    parts.push(
      wxrItem(site, {
        id: i,
        title: `Post number ${i}`,
        slug: `post-${i}`,
        content,
        excerpt: `Excerpt of ${i}`,
        creator: 'writer',
        categories: [`topic-${i % 20}`],
        tags: [`tag-${i % 50}`, `tag-${(i * 7) % 50}`],
        comments: i % 3,
      }),
    );
  }
  parts.push(wxrTail());
  return new Blob(parts, { type: 'text/xml' });
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/users/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('session='));
  if (!res.ok || !cookie) throw new Error(`Signing in failed: ${res.status}`);
  return cookie;
}

async function main() {
  console.log(
    `import bench, ${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, ${POSTS} posts`,
  );
  let served = 0;
  const pictures = createServer((req, res) => {
    served += 1;
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PNG.length });
    res.end(PNG);
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  const pictureBase = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(STATE, { recursive: true });
  mkdirSync(DIST, { recursive: true });
  await seedState(STATE);
  const server = await startDevServer({
    args: ['--persist-to', STATE, '--assets', DIST, '--var', 'WEBHOOKS_ALLOW_LOCAL:1', '--var', 'BENCH_TIMING:1'],
    logFile: path.join(WORK, 'wrangler.log'),
    readyPath: '/api/news',
    readyTimeoutMs: 300_000,
  });
  try {
    const pids = workerdsOf(server.pid);
    const cookie = await signIn(server.url);
    const file = makeFile(pictureBase);
    console.log(`file: ${(file.size / 1048576).toFixed(1)} MiB, ${POSTS} posts, ${POSTS * 2} picture references`);
    const ticksBefore = ticks(pids);
    const rssBefore = rssMiB(pids);
    let rssMax = rssBefore;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, rssMiB(pids))), 200);
    const heap = await sampleIsolateHeap(server.inspectorPort!);
    const started = performance.now();
    const form = new FormData();
    form.append('file', file, 'bench.xml');
    const res = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: { Cookie: cookie }, body: form });
    const body = await res.json<{ result: { id: string } }>();
    if (res.status !== 202) throw new Error(`POST /api/imports: ${res.status} ${JSON.stringify(body)}`);
    const uploaded = performance.now();
    console.log(`upload answered 202 in ${((uploaded - started) / 1000).toFixed(1)} s`);
    const deadline = started + Number(values['timeout-min']) * 60_000;
    let detail!: ImportDetail;
    let lastPrint = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 2000));
      const polled = await fetch(`${server.url}/api/imports/${body.result.id}`, { headers: { Cookie: cookie } });
      detail = (await polled.json<{ result: ImportDetail }>()).result;
      if (performance.now() - lastPrint > 30_000) {
        lastPrint = performance.now();
        console.log(
          `  ${((performance.now() - started) / 1000).toFixed(0)} s: ${detail.state} ${detail.progress.done}/${detail.progress.total}, ` +
            `RSS ${rssMiB(pids).toFixed(0)} MiB, pictures served ${served}`,
        );
      }
      if (!['queued', 'running'].includes(detail.state) || performance.now() > deadline) break;
    }
    clearInterval(sampler);
    heap.stop();
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = ((ticks(pids) - ticksBefore) * 1000) / CLOCK_TICKS_PER_SECOND;
    const steps = detail.report.steps ?? 0;
    const items = (detail.counts.articles?.created ?? 0) + (detail.counts.articles?.updated ?? 0);
    console.log(`state ${detail.state}${detail.error ? ` (${detail.error})` : ''} after ${seconds.toFixed(0)} s`);
    console.log(`counts ${JSON.stringify(detail.counts)}`);
    console.log(`pictures served ${served}, missing ${detail.report.missingMedia?.length ?? 0}`);
    console.log(
      `workerd CPU ${(cpuMs / 1000).toFixed(1)} s in ${steps} steps: ${(cpuMs / Math.max(1, steps)).toFixed(0)} ms a step, ${(cpuMs / Math.max(1, items)).toFixed(1)} ms a post (local D1, R2 and the dev proxy included)`,
    );
    console.log(
      `load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(`workerd RSS ${rssBefore.toFixed(0)} MiB before, ${rssMax.toFixed(0)} MiB at most`);
    const h = heap.summary();
    console.log(
      `worker isolate's JS heap (used): ${h.first.toFixed(1)} MiB at the start, ${h.max.toFixed(1)} MiB at most, ` +
        `${h.last.toFixed(1)} MiB at the end; the largest by minute: ${h.byMinute.map((v) => v.toFixed(1)).join(', ')}; ` +
        `after a full collection (every 15 s), the largest by minute: ${h.liveByMinute.map((v) => v.toFixed(1)).join(', ')}`,
    );
    console.log(
      `D1 statements ${detail.report.statements ?? '?'}: ${((detail.report.statements ?? 0) / Math.max(1, items)).toFixed(1)} per item`,
    );
  } finally {
    await server.stop();
    pictures.close();
    rmSync(WORK, { recursive: true, force: true });
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await stopStartedProcesses();
  process.exit(1);
});
