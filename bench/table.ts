// `npm run bench`'s table: a row a read and a kind of visitor, the floor beside the project.
import { type DevServer } from '#worker/scripts/dev-server';
import { Reader, type Probe, type Read } from './reads';
import type { Options } from './options';
import { summary, type Sample } from './load';

export interface Target {
  label: string;
  server: DevServer;
  /** The signed-in reader on this server (the floor ignores its cookie, but gets it too). */
  reader: Reader;
}

export interface Row {
  read: Read;
  who: 'visitor' | 'reader';
  floor: Target;
  project: Target;
  samples: { floor: Sample[]; project: Sample[] };
  probes: { floor: Probe; project: Probe };
}

// ---- output ----

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const rate = (n: number) => (n < 10 ? n.toFixed(1) : int(n));
const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
/** Latency of a side that completed nothing in a round would read 0 ms: show a dash instead. */
const latency = (sample: Sample, n: number) => (sample.rps > 0 ? ms(n) : '-');
const kb = (bytes: number) => (bytes < 10_000 ? `${(bytes / 1000).toFixed(1)}k` : `${int(bytes / 1000)}k`);

export function printTable(rows: Row[], options: Options): void {
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
