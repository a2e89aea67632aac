// `npm run bench:collab [-- --clients 2,10,50 --seconds 30 | --minutes 10]`: simulated clients over the real WebSocket of a
// throwaway `wrangler dev` (fresh local state, demo users), all in one article's room, each typing into the text at
// random (Lexical's shape: characters into a paragraph, now and then a deletion), each edit followed by the client's
// cursor in its presence (as an editor sends on every selection change: the room relays it to everyone). Prints, per room size: the time from
// one client's edit to every other client having it (p50, p95, max), the workerd process's resident memory before,
// during and after, the room's document size, and the D1 writes (room saves) per minute. A measurement, not a test:
// it asserts nothing, and the README quotes its output (docs/decisions/051-co-editing-rooms.md).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as Y from 'yjs';
import { RoomClient } from '../test/collab/client';
import { runTool, startDevServer, stopStartedProcesses, type DevServer } from '#worker/scripts/dev-server';
import { DEMO_PASSWORD } from '#worker/scripts/seed-demo-content';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '2,10,50' },
    seconds: { type: 'string', default: '30' },
    /** A long run instead (overrides --seconds): memory is sampled throughout and printed a line a minute. */
    minutes: { type: 'string' },
    /** Each client's mean pause between two edits. */
    'edit-every-ms': { type: 'string', default: '1000' },
  },
});
const sizes = values.clients.split(',').map(Number);
const seconds = values.minutes ? Number(values.minutes) * 60 : Number(values.seconds);
const editEvery = Number(values['edit-every-ms']);

/** Every process below `pid`. */
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

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/users/auth`, {
    method: 'POST',
    headers: { Origin: base, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

/** Opens a client in the article's room over a real WebSocket; resolves once it has synced. */
async function connect(base: string, articleId: string, cookie: string): Promise<RoomClient> {
  const url = `${base.replace(/^http/, 'ws')}/api/articles/${articleId}/collab`;
  const ws = new WebSocket(url, { headers: { Cookie: cookie, Origin: base } } as unknown as string[]);
  ws.binaryType = 'arraybuffer';
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error('WebSocket refused')), { once: true });
  });
  const client = new RoomClient().attach(ws);
  await client.until(() => client.synced, 10_000, 'the first sync');
  return client;
}

/** The first paragraph of the text (Lexical's shape), where everybody types. */
const paragraphOf = (doc: Y.Doc) =>
  (doc.get('root', Y.XmlText).toDelta() as { insert: unknown }[])[0]?.insert as Y.XmlText | undefined;

async function measure(base: string, workerd: number, cookies: string[], n: number) {
  const created = await fetch(`${base}/api/articles`, {
    method: 'POST',
    headers: { Origin: base, Cookie: cookies[0]!, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title: `Bench room of ${n}`, type: 'text', channelId: null, description: 'Start.' }),
  });
  if (!created.ok) throw new Error(`POST /articles: ${created.status} ${await created.text()}`);
  const articleId = (await created.json<{ result: { id: string } }>()).result.id;
  const before = rssMiB(workerd);
  const clients: RoomClient[] = [];
  for (let i = 0; i < n; i++) clients.push(await connect(base, articleId, cookies[i % cookies.length]!));

  // Who has seen which edit when: an edit is a token `{client.seq}`; each client notes the tokens its updates bring.
  const sentAt = new Map<string, number>();
  const seen = new Map<string, number>();
  const latencies: number[] = [];
  clients.forEach((c, i) => {
    paragraphOf(c.doc)?.observe((event, tr) => {
      if (tr.origin !== c) return; // only what arrived from the room
      for (const d of event.delta) {
        if (typeof d.insert !== 'string') continue;
        for (const m of d.insert.matchAll(/\{(\d+)\.(\d+)\}/g)) {
          if (Number(m[1]) === i) continue;
          const token = m[0];
          const count = (seen.get(token) ?? 0) + 1;
          seen.set(token, count);
          if (count === n - 1) latencies.push(performance.now() - sentAt.get(token)!);
        }
      }
    });
  });

  const samples: number[] = [];
  const started = performance.now();
  const timeline: { at: number; rss: number }[] = [];
  const sampler = setInterval(() => {
    const rss = rssMiB(workerd);
    samples.push(rss);
    timeline.push({ at: (performance.now() - started) / 1000, rss });
  }, 500);
  const until = Date.now() + seconds * 1000;
  let edits = 0;
  await Promise.all(
    clients.map(async (c, i) => {
      let seq = 0;
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, editEvery * (0.5 + Math.random())));
        const p = paragraphOf(c.doc);
        if (!p) continue;
        const length = p.length;
        if (Math.random() < 0.2 && length > 20) {
          // Deletions only of the filler, never of a token (a token's arrival is what is timed).
          const at = p.toJSON().lastIndexOf('~');
          if (at > 0) p.delete(at, 1);
          continue;
        }
        const token = `{${i}.${seq++}}`;
        sentAt.set(token, performance.now());
        const at = 1 + Math.floor(Math.random() * (length - 1));
        p.insert(at, `${token}~`);
        c.announce({ cursor: { anchor: at + token.length + 1, focus: at + token.length + 1 } });
        edits++;
      }
    }),
  );
  // The last edits arrive: how long until every client holds the same text.
  const stopped = performance.now();
  const same = () => new Set(clients.map((c) => paragraphOf(c.doc)?.toJSON())).size === 1;
  while (!same() && performance.now() - stopped < 60_000) await new Promise((r) => setTimeout(r, 100));
  const drained = (performance.now() - stopped) / 1000;
  clearInterval(sampler);
  const stateBytes = Y.encodeStateAsUpdate(clients[0]!.doc).length;
  // A long run: workerd's memory over time, the lowest and highest sample of each minute.
  const perMinute: string[] = [];
  for (let m = 0; m * 60 < seconds; m++) {
    const inMinute = timeline.filter((t) => t.at >= m * 60 && t.at < (m + 1) * 60).map((t) => t.rss);
    if (inMinute.length)
      perMinute.push(`${m + 1}: ${Math.min(...inMinute).toFixed(1)}..${Math.max(...inMinute).toFixed(1)}`);
  }
  const total = seconds + drained + 2;
  for (const c of clients) c.close();
  await new Promise((r) => setTimeout(r, 2_000)); // the last one out saves
  const after = rssMiB(workerd);
  const revisions = await fetch(`${base}/api/revisions/article/${articleId}`, {
    headers: { Cookie: cookies[0]! },
  });
  const listed = (await revisions.json<{ result: { createdAt: string }[] }>()).result;
  // Every save is one version: the article's version counts them (the first is the creation).
  const article = await fetch(`${base}/api/articles/${articleId}`, { headers: { Cookie: cookies[0]! } });
  const saves = (await article.json<{ result: { version: number } }>()).result.version - 1;
  // The smallest gap between two saves while people typed (the goal: at most one per save interval), from the
  // revisions listed: the first is the creation, the last the save of the last one out (at once, by design).
  const times = listed.map((r) => Date.parse(r.createdAt)).sort((a, b) => a - b);
  const typing = times.slice(1, -1);
  const gaps = typing.slice(1).map((t, k) => t - typing[k]!);
  const minGap = gaps.length ? Math.min(...gaps) / 1000 : NaN;
  latencies.sort((a, b) => a - b);
  const converged = same();
  const fmt = (x: number) => x.toFixed(1);
  console.log(
    `${String(n).padStart(3)} clients, ${seconds} s, ${edits} edits (${fmt(edits / seconds)}/s), converged: ${converged} (${fmt(drained)} s after the last edit)\n` +
      `    edit -> everyone seen: p50 ${fmt(quantile(latencies, 0.5))} ms, p95 ${fmt(quantile(latencies, 0.95))} ms, ` +
      `max ${fmt(latencies.at(-1) ?? NaN)} ms (${latencies.length} edits seen by all)\n` +
      `    workerd RSS: before ${fmt(before)} MiB, during ${fmt(Math.min(...samples))}..${fmt(Math.max(...samples))}, ` +
      `after ${fmt(after)}; document ${(stateBytes / 1024).toFixed(1)} KiB\n` +
      `    D1 writes (room saves): ${saves} in ${fmt(total)} s = ${fmt((saves * 60) / total)}/min, ` +
      `smallest gap between two while typing ${fmt(minGap)} s (${times.length} revisions listed)` +
      (perMinute.length > 1 ? `\n    workerd RSS by minute (MiB, min..max): ${perMinute.join(', ')}` : ''),
  );
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-collab-'));
  const state = path.join(work, 'state');
  const assets = path.join(work, 'assets');
  mkdirSync(assets);
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
    const workerd = descendants(server.pid).find((pid) => /workerd/.test(commandOf(pid)));
    if (!workerd) throw new Error('no workerd process under wrangler dev');
    // Sessions of the admin (every client is someone who may edit the article; one session each would only add
    // sign-ins, which the login limit would slow).
    const cookies = [await signIn(server.url, 'admin')];
    console.log(
      `Co-editing under wrangler dev: one room per run, each client edits every ~${editEvery} ms ` +
        `(save interval 5 s); workerd pid ${workerd}`,
    );
    for (const n of sizes) await measure(server.url, workerd, cookies, n);
  } finally {
    await server?.stop();
    await stopStartedProcesses();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
