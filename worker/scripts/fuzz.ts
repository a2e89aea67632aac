// `npm run fuzz [-- --requests N] [--seed S] [--url URL]`: malformed requests to every route the API registers,
// as anonymous, reader, editor and admin (worker/scripts/fuzz-requests.ts), over HTTP to `wrangler dev`.
// Without --url it starts its own on a fresh seeded state, since fuzzed calls write and delete. Prints
// `N requests, X 5xx, Y non-envelope` and the findings; exits 1 when there are any.
import { parseArgs } from 'node:util';
import { app } from '../app';
import { formatReport, fuzzRequests, registeredRoutes, runFuzz, type FuzzRole } from './fuzz-requests';
import { signIn, startLocalServer, type LocalServer } from './local-server';
import { DEMO_PASSWORD } from './seed-demo-content';

const USAGE = `Usage: npm run fuzz -- [--requests N] [--seed S] [--url URL]
  --requests N  how many requests (default 2000)
  --seed S      the generator's seed (default: from the clock; printed, so a run can be replayed)
  --url URL     a running portal with the demo seed (default: a fresh wrangler dev of its own)`;

const ROLE_OF = { reader: 'REGULAR_USER', editor: 'CLIENT', admin: 'ADMIN' } as const;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string' },
      seed: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const count = Number(values.requests ?? 2000);
  const seed = Number(values.seed ?? Date.now() % 2 ** 31);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) throw new Error(USAGE);

  let server: LocalServer | undefined;
  const url = values.url ?? (server = await startLocalServer()).url;
  try {
    const admin = await signIn(url, 'admin', DEMO_PASSWORD);
    if (!admin) throw new Error(`cannot sign in as the demo admin at ${url}: is it seeded?`);
    const api = async <T>(path: string, init: RequestInit = {}) => {
      const res = await fetch(url + '/api' + path, {
        ...init,
        headers: { 'Content-Type': 'application/json', Cookie: admin, ...init.headers },
      });
      return res.json<{ code: number; result: T }>();
    };

    // One account per role, made by the demo admin, so fuzzed deletes and deactivations hit these, never the demo's.
    const cookies = new Map<FuzzRole, string>();
    const ownIds: string[] = [];
    const newAccount = async (role: Exclude<FuzzRole, 'anonymous'>) => {
      const name = `fuzz-${role}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
      const password = `fuzz-password-${Math.random().toString(36).slice(2)}`;
      const made = await api<{ id: string }>('/users', {
        method: 'POST',
        body: JSON.stringify({ name, password, role: ROLE_OF[role] }),
      });
      if (made.code !== 201) throw new Error(`could not create a ${role} account: ${JSON.stringify(made)}`);
      ownIds.push(made.result.id);
      // From an address of its own: the fuzzed sign-ins fail against many accounts from this machine's address.
      const cookie = await signIn(url, name, password, '198.18.0.1');
      if (!cookie) throw new Error(`could not sign in the new ${role} account`);
      cookies.set(role, cookie);
    };
    for (const role of ['reader', 'editor', 'admin'] as const) await newAccount(role);

    // Real ids and file keys, so some requests get past the 404s into the routes' own checks.
    type Shown = { id: string; thumbnailHref: string | null };
    const [articles, channels, news, categories] = await Promise.all([
      api<{ items: Shown[] }>('/articles?limit=20'),
      api<{ id: string }[]>('/channels'),
      api<{ items: Shown[] }>('/news?limit=20'),
      api<{ id: string }[]>('/categories'),
    ]);
    const ids = [
      ...articles.result.items.map((a) => a.id),
      ...channels.result.slice(0, 20).map((c) => c.id),
      ...news.result.items.map((n) => n.id),
      ...categories.result.slice(0, 20).map((c) => c.id),
      ...ownIds,
    ];
    const fileKeys = [...articles.result.items, ...news.result.items]
      .map((x) => x.thumbnailHref?.replace('/api/files/', ''))
      .filter((k): k is string => !!k);

    const routes = registeredRoutes(app.routes);
    console.log(`fuzzing ${routes.length} routes at ${url} with seed ${seed}`);
    const started = performance.now();
    const report = await runFuzz(
      {
        baseUrl: url,
        send: (request) => fetch(request, { redirect: 'manual' }),
        cookie: (role) => Promise.resolve(role === 'anonymous' ? undefined : cookies.get(role)),
        renew: async (role) => {
          if (role !== 'anonymous') await newAccount(role);
        },
      },
      fuzzRequests(routes, { ids, fileKeys }, count, seed),
    );
    for (const f of report.findings.slice(0, 20))
      console.log(`  ${f.problem} ${f.status} ${f.role} ${f.method} ${f.path} ${f.detail ?? ''}`);
    console.log(
      `statuses: ${JSON.stringify(report.statuses)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(formatReport(report));
    return report.findings.length === 0 ? 0 : 1;
  } finally {
    await server?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
