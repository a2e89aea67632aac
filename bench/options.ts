// `npm run bench`'s options: their usage text and their reading from the command line.
import { parseArgs } from 'node:util';

export const USAGE = `Usage: npm run bench -- [options]
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

export interface Options {
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

export function parseOptions(): Options | null {
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
