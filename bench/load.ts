// The load runs of `npm run bench`: one read under autocannon at a time, and the median of each figure over rounds.
import autocannon from 'autocannon';
import { spreadAddress } from '#worker/scripts/local-server';
import { headersOf, type Read } from './reads';

// ---- load generation ----

export interface Sample {
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors. */
  failures: number;
}

let running: autocannon.Instance | undefined;

export function measure(
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
export async function settle(baseUrl: string): Promise<void> {
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
export const summary = (samples: Sample[]): Sample => ({
  rps: median(samples.map((s) => s.rps)),
  p50: median(samples.map((s) => s.p50)),
  p99: median(samples.map((s) => s.p99)),
  failures: samples.reduce((n, s) => n + s.failures, 0),
});

/** Stops a load run in progress (the bench was interrupted). */
export function stopLoad(): void {
  running?.stop();
}
