// The bench's latency model: what a read waits on D1 where the primary is far and a replica near. Locally every
// round trip is the same few microseconds, so the bench counts them (Server-Timing, worker/middleware/bench-timing.ts)
// and prices them here: trips at the primary times the primary's round trip, the rest times the replica's.
import type { Probe } from './reads';

export interface Rtt {
  replica: number;
  primary: number;
}

interface Trips {
  trips: number;
  atPrimary: number;
}

/**
 * Before issue 31 (the bench of 2026-11-27 on the commit before it, cache off): every read made one round trip to a
 * replica as a visitor; a signed-in reader's also read its session at the primary; an uncached search also wrote its
 * per-address counter at the primary. Kept here as that run's record, to price beside this run's counts.
 */
export function tripsBefore(read: string, who: 'visitor' | 'reader'): Trips {
  const search = read.startsWith('search');
  const reader = who === 'reader' ? 1 : 0;
  return { trips: 1 + (search ? 1 : 0) + reader, atPrimary: (search ? 1 : 0) + reader };
}

const waited = (t: Trips, rtt: Rtt) => t.atPrimary * rtt.primary + (t.trips - t.atPrimary) * rtt.replica;

export interface ModelRow {
  read: string;
  who: 'visitor' | 'reader';
  probe: Probe;
}

export function printLatencyModel(rows: ModelRow[], rtt: Rtt): void {
  console.log(
    `\nLatency model: D1 waits of one read, replica ${rtt.replica} ms and primary ${rtt.primary} ms a round trip ` +
      '(--replica-rtt, --primary-rtt); trips (at the primary)',
  );
  const header = ['read', 'who', 'before', 'ms', 'after', 'ms'];
  const body = rows.map(({ read, who, probe }) => {
    const before = tripsBefore(read, who);
    const after: Trips = { trips: probe.d1RoundTrips ?? 0, atPrimary: probe.d1PrimaryTrips ?? 0 };
    const cell = (t: Trips) => `${t.trips} (${t.atPrimary})`;
    return [read, who, cell(before), String(waited(before, rtt)), cell(after), String(waited(after, rtt))];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const r of body) console.log(line(r));
}
