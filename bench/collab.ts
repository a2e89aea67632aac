// `npm run bench:collab [-- --clients 2,10,50 --seconds 30 | --minutes 10] [--edits typing|scatter]`: simulated
// clients over the real WebSocket of a throwaway `wrangler dev` (fresh local state, demo users), all in one article's
// room, each edit followed by the client's cursor in its presence (as an editor sends on every selection change: the
// room relays it to everyone). Two kinds of edits (Lexical's shape: characters into paragraphs of the root):
// - `typing` (the default): each client writes as a person does, at its own cursor (kept as a Yjs relative position,
//   as the editor keeps it): words typed on where it left off, now and then Enter (a new paragraph after its own),
//   a backspace, or a click elsewhere in the text.
// - `scatter` (the first version, kept to compare): every edit lands at a random place of the one first paragraph,
//   which grows without bound (no Enter), each edit splitting the text where it lands.
// Prints, per room size: the time from one client's edit to every other client having it (p50, p95, max), the
// workerd process's resident memory before, during and after, the room's document size, the D1 writes (room saves)
// per minute, and for a long run, by minute: memory, and the CPU seconds of workerd and of the clients' own process
// (where the time goes as the document grows). A measurement, not a test: it asserts nothing, and the README quotes
// its output (docs/decisions/051-co-editing-rooms.md, docs/co-editing.md).
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
    /** How the clients edit: `typing` (as people write) or `scatter` (random places of one paragraph). */
    edits: { type: 'string', default: 'typing' },
  },
});
if (values.edits !== 'typing' && values.edits !== 'scatter') throw new Error('--edits is typing or scatter');
const mode = values.edits;
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

/** The CPU seconds (user + system) a process used so far. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

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

const rootOf = (doc: Y.Doc) => doc.get('root', Y.XmlText);
/** The paragraphs of the text (Lexical's shape: each a Y.XmlText embedded in the root). */
const paragraphsOf = (doc: Y.Doc) =>
  (rootOf(doc).toDelta() as { insert: unknown }[]).flatMap((d) => (d.insert instanceof Y.XmlText ? [d.insert] : []));
/** The first paragraph of the text, where everybody types in the `scatter` mode. */
const paragraphOf = (doc: Y.Doc) => paragraphsOf(doc)[0];

/** A new paragraph as Lexical's binding writes one: the element, its text node's map, then the characters. */
function newParagraph(text: string): Y.XmlText {
  const p = new Y.XmlText();
  p.setAttribute('__type', 'paragraph');
  const node = new Y.Map<unknown>();
  for (const [k, v] of Object.entries({ __type: 'text', __format: 0, __style: '', __mode: 0, __detail: 0 }))
    node.set(k, v);
  p.insertEmbed(0, node);
  p.insert(1, text);
  return p;
}

const WORDS = ['harbour', 'storm', 'the', 'council', 'said', 'on', 'Tuesday', 'and', 'a', 'new', 'plan', 'for'];
const filler = () =>
  Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => WORDS[Math.floor(Math.random() * WORDS.length)])
    .join('~')
    .concat('~');

/**
 * One writer of the `typing` mode: a cursor (a relative position, so others' edits before it do not move it) where
 * it types on. Returns the edit's token, or null when the edit carried none (a backspace). Tokens are only ever
 * inserted, and backspace removes only filler, so every token's arrival can be timed.
 */
function typingEdit(c: RoomClient, writer: { cursor: Y.RelativePosition | null }, token: string): string | null {
  const paragraphs = paragraphsOf(c.doc);
  let at = writer.cursor ? Y.createAbsolutePositionFromRelativePosition(writer.cursor, c.doc) : null;
  const roll = Math.random();
  if (!at || !(at.type instanceof Y.XmlText) || roll < 0.05) {
    // A click somewhere in the text: the end of a random paragraph (or the start of its text).
    const p = paragraphs[Math.floor(Math.random() * paragraphs.length)]!;
    at = { type: p, index: Math.random() < 0.5 ? p.length : Math.min(1, p.length), assoc: 0 };
  }
  const p = at.type as Y.XmlText;
  const index = Math.max(1, at.index);
  if (roll > 0.95 && paragraphs.length < 400) {
    // Enter: a new paragraph right after this one, and the cursor goes there.
    const position = paragraphs.indexOf(p);
    const text = `${token}~`;
    const next = newParagraph(text);
    rootOf(c.doc).insertEmbed(position + 1, next);
    writer.cursor = Y.createRelativePositionFromTypeIndex(next, 1 + text.length);
    return token;
  }
  if (roll > 0.85) {
    // Backspace over filler before the cursor.
    const before = p.toDelta() as { insert: unknown }[];
    let offset = 0;
    let ch = '';
    for (const d of before) {
      const len = typeof d.insert === 'string' ? d.insert.length : 1;
      if (offset + len >= index) {
        ch = typeof d.insert === 'string' ? d.insert[index - 1 - offset]! : '';
        break;
      }
      offset += len;
    }
    if (index > 1 && ch === '~') p.delete(index - 1, 1);
    writer.cursor = Y.createRelativePositionFromTypeIndex(p, Math.max(1, index - (ch === '~' ? 1 : 0)));
    return null;
  }
  const text = `${token}${filler()}`;
  p.insert(index, text);
  writer.cursor = Y.createRelativePositionFromTypeIndex(p, index + text.length);
  return token;
}

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
  const note = (i: number, text: string) => {
    for (const m of text.matchAll(/\{(\d+)\.(\d+)\}/g)) {
      if (Number(m[1]) === i) continue;
      const token = m[0];
      const count = (seen.get(token) ?? 0) + 1;
      seen.set(token, count);
      if (count === n - 1) latencies.push(performance.now() - sentAt.get(token)!);
    }
  };
  clients.forEach((c, i) => {
    // Every paragraph's insertions that arrived from the room (a new paragraph brings its text with it).
    rootOf(c.doc).observeDeep((events, tr) => {
      if (tr.origin !== c) return;
      for (const event of events) {
        if (!(event.target instanceof Y.XmlText)) continue;
        for (const d of (event as Y.YTextEvent).delta) {
          if (typeof d.insert === 'string') note(i, d.insert);
          else if (d.insert instanceof Y.XmlText) note(i, String(d.insert.toString()));
        }
      }
    });
  });

  const samples: number[] = [];
  const started = performance.now();
  const cpuOfClients = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  const timeline: { at: number; rss: number; workerdCpu: number; clientsCpu: number }[] = [];
  const sample = () => {
    const rss = rssMiB(workerd);
    samples.push(rss);
    timeline.push({
      at: (performance.now() - started) / 1000,
      rss,
      workerdCpu: cpuSeconds(workerd),
      clientsCpu: cpuOfClients(),
    });
  };
  sample();
  const sampler = setInterval(sample, 500);
  const until = Date.now() + seconds * 1000;
  let edits = 0;
  await Promise.all(
    clients.map(async (c, i) => {
      let seq = 0;
      const writer = { cursor: null as Y.RelativePosition | null };
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, editEvery * (0.5 + Math.random())));
        if (mode === 'typing') {
          const token = `{${i}.${seq}}`;
          sentAt.set(token, performance.now());
          const sent = typingEdit(c, writer, token);
          if (!sent) {
            sentAt.delete(token);
            continue;
          }
          seq++;
          const at = writer.cursor ? Y.createAbsolutePositionFromRelativePosition(writer.cursor, c.doc) : null;
          c.announce({ cursor: { anchor: at?.index ?? 0, focus: at?.index ?? 0 } });
          edits++;
          continue;
        }
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
  const same = () => new Set(clients.map((c) => String(rootOf(c.doc).toString()))).size === 1;
  while (!same() && performance.now() - stopped < 60_000) await new Promise((r) => setTimeout(r, 100));
  const drained = (performance.now() - stopped) / 1000;
  clearInterval(sampler);
  const stateBytes = Y.encodeStateAsUpdate(clients[0]!.doc).length;
  const paragraphs = paragraphsOf(clients[0]!.doc).length;
  // A long run: workerd's memory over time, the lowest and highest sample of each minute, and the CPU seconds workerd
  // (the room, the worker and the local D1) and the clients' process (10 documents, their observers) used in it.
  const perMinute: string[] = [];
  const cpuPerMinute: string[] = [];
  for (let m = 0; m * 60 < seconds; m++) {
    const inMinute = timeline.filter((t) => t.at >= m * 60 && t.at < (m + 1) * 60);
    const rss = inMinute.map((t) => t.rss);
    if (rss.length) perMinute.push(`${m + 1}: ${Math.min(...rss).toFixed(1)}..${Math.max(...rss).toFixed(1)}`);
    const first = timeline.filter((t) => t.at < m * 60).at(-1) ?? inMinute[0];
    const last = inMinute.at(-1);
    if (first && last)
      cpuPerMinute.push(
        `${m + 1}: ${(last.workerdCpu - first.workerdCpu).toFixed(1)}/${(last.clientsCpu - first.clientsCpu).toFixed(1)}`,
      );
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
      `after ${fmt(after)}; document ${(stateBytes / 1024).toFixed(1)} KiB in ${paragraphs} paragraph(s)\n` +
      `    D1 writes (room saves): ${saves} in ${fmt(total)} s = ${fmt((saves * 60) / total)}/min, ` +
      `smallest gap between two while typing ${fmt(minGap)} s (${times.length} revisions listed)` +
      (perMinute.length > 1 ? `\n    workerd RSS by minute (MiB, min..max): ${perMinute.join(', ')}` : '') +
      (cpuPerMinute.length > 1
        ? `\n    CPU s by minute (workerd/clients): ${cpuPerMinute.join(', ')}`
        : `\n    CPU s (workerd/clients): ${fmt(timeline.at(-1)!.workerdCpu - timeline[0]!.workerdCpu)}/${fmt(timeline.at(-1)!.clientsCpu - timeline[0]!.clientsCpu)}`),
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
      readyTimeoutMs: 180_000, // a busy machine (the benchmark runs beside other work) starts it slowly
    });
    const workerd = descendants(server.pid).find((pid) => /workerd/.test(commandOf(pid)));
    if (!workerd) throw new Error('no workerd process under wrangler dev');
    // Sessions of the admin (every client is someone who may edit the article; one session each would only add
    // sign-ins, which the login limit would slow).
    const cookies = [await signIn(server.url, 'admin')];
    console.log(
      `Co-editing under wrangler dev: one room per run, edits: ${mode}, each client edits every ~${editEvery} ms ` +
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
