// The JavaScript heap of the worker's isolate under `wrangler dev`, read over wrangler's inspector (the Chrome
// DevTools Protocol's Runtime.getHeapUsage). The workerd process's resident memory also holds the local D1 (SQLite's
// page cache), R2 and the dev proxy; the isolate's heap is what a deployed worker's 128 MB limit counts.

interface Target {
  webSocketDebuggerUrl?: string;
}

export interface HeapSampler {
  /** Used heap in MiB, one sample a second: the first, the largest, and the largest of each minute. */
  summary: () => {
    first: number;
    max: number;
    last: number;
    byMinute: number[];
    /** The heap left after each forced collection: the largest of each minute. */
    liveByMinute: number[];
  };
  stop: () => void;
}

/**
 * Samples the isolate's used heap every `everyMs` until stopped; every `liveEvery`th sample after a full garbage
 * collection (the DevTools protocol's HeapProfiler.collectGarbage), which tells growth from garbage not yet collected.
 */
export async function sampleIsolateHeap(inspectorPort: number, everyMs = 1000, liveEvery = 15): Promise<HeapSampler> {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json<Target[]>();
  const target = targets.find((t) => t.webSocketDebuggerUrl);
  if (!target) throw new Error(`no inspector target on port ${inspectorPort}`);
  // wrangler's proxy takes a DevTools connection from a local origin only (Node's WebSocket sends none by itself: the
  // options object is undici's).
  const socket = new WebSocket(target.webSocketDebuggerUrl!, {
    headers: { Origin: 'http://localhost' },
  } as unknown as string[]);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('the inspector refused the connection')), { once: true });
  });
  const samples: { at: number; used: number }[] = [];
  // Every `liveEvery`th sample follows a full collection: the heap that is still reachable, not the garbage since.
  const live: { at: number; used: number }[] = [];
  const afterCollection = new Set<number>();
  const started = performance.now();
  let id = 0;
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: { usedSize?: number } };
    if (message.id === undefined || message.result?.usedSize === undefined) return;
    const sample = { at: performance.now() - started, used: message.result.usedSize / 1048576 };
    (afterCollection.has(message.id) ? live : samples).push(sample);
  });
  let asked = 0;
  const ask = () => {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (++asked % liveEvery === 0) {
      socket.send(JSON.stringify({ id: ++id, method: 'HeapProfiler.collectGarbage' }));
      afterCollection.add(id + 1);
    }
    socket.send(JSON.stringify({ id: ++id, method: 'Runtime.getHeapUsage' }));
  };
  ask();
  const timer = setInterval(ask, everyMs);
  return {
    summary: () => {
      const used = samples.map((s) => s.used);
      return {
        first: used[0] ?? NaN,
        max: used.length ? Math.max(...used) : NaN,
        last: used.at(-1) ?? NaN,
        byMinute: largestByMinute(samples),
        liveByMinute: largestByMinute(live),
      };
    },
    stop: () => {
      clearInterval(timer);
      socket.close();
    },
  };
}

function largestByMinute(samples: { at: number; used: number }[]): number[] {
  const byMinute: number[] = [];
  for (const s of samples) {
    const m = Math.floor(s.at / 60_000);
    byMinute[m] = Math.max(byMinute[m] ?? 0, s.used);
  }
  return [...byMinute].map((v) => v ?? NaN);
}
