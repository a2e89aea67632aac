// `npm run fuzz [-- --requests N] [--pages M] [--seed S] [--url URL]`: malformed requests to every route the API
// registers, as anonymous, reader, editor and admin (worker/scripts/fuzz-requests.ts), then hostile requests to every
// page, crawler document and feed (worker/scripts/fuzz-pages.ts), some of them rendering stored hostile text, over
// HTTP to `wrangler dev`. Without --url it starts its own on a fresh seeded state, since fuzzed calls write and
// delete. Prints `N requests, X 5xx, Y non-envelope, Z oversize` (API and pages together) and the findings; exits 1
// when there are any.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runnerImport } from 'vite';
import { app } from '../app';
import { fuzzPageRequests, pagePatterns } from './fuzz-pages';
import { formatReport, fuzzRequests, registeredRoutes, runFuzz, type FuzzReport, type FuzzRole } from './fuzz-requests';
import { signIn, startLocalServer, type LocalServer } from './local-server';
import { DEMO_PASSWORD } from './seed-demo-content';

const USAGE = `Usage: npm run fuzz -- [--requests N] [--pages M] [--seed S] [--url URL]
  --requests N  how many requests to the API (default 2000)
  --pages M     how many requests to the pages, crawler documents and feeds (default: N)
  --seed S      the generator's seed (default: from the clock; printed, so a run can be replayed)
  --url URL     a running portal with the demo seed (default: a fresh wrangler dev of its own)`;

const ROLE_OF = { reader: 'REGULAR_USER', editor: 'CLIENT', admin: 'ADMIN' } as const;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string' },
      pages: { type: 'string' },
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
  const pages = Number(values.pages ?? count);
  const seed = Number(values.seed ?? Date.now() % 2 ** 31);
  if (!Number.isInteger(count) || count < 1 || !Number.isInteger(pages) || pages < 0 || !Number.isInteger(seed))
    throw new Error(USAGE);

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

    // Stored text with hostile characters, for the pages to render back (drafts: shown to their owner and ADMIN).
    const stored = await storeHostileContent(api);

    const routes = registeredRoutes(app.routes);
    const target = {
      baseUrl: url,
      send: (request: Request) => fetch(request, { redirect: 'manual' }),
      cookie: (role: FuzzRole) => Promise.resolve(role === 'anonymous' ? undefined : cookies.get(role)),
      renew: async (role: FuzzRole) => {
        if (role !== 'anonymous') await newAccount(role);
      },
    };
    const run = async (label: string, requests: Parameters<typeof runFuzz>[1]) => {
      const started = performance.now();
      const report = await runFuzz(target, requests);
      for (const f of report.findings.slice(0, 20))
        console.log(`  ${f.problem} ${f.status} ${f.role} ${f.method} ${f.path} ${f.detail ?? ''}`);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${label}: ${formatReport(report)}; statuses ${JSON.stringify(report.statuses)} in ${seconds} s`);
      return report;
    };
    console.log(`fuzzing ${routes.length} routes and the pages at ${url} with seed ${seed}`);
    const apiReport = await run('api', fuzzRequests(routes, { ids, fileKeys }, count, seed));
    const pageReport = await run(
      'pages',
      fuzzPageRequests({ ids: [...ids, ...stored], pages: await routePatterns() }, pages, seed),
    );
    const report = combined(apiReport, pageReport);
    console.log(formatReport(report));
    return report.findings.length === 0 ? 0 : 1;
  } finally {
    await server?.stop();
  }
}

/**
 * The pages' patterns from the route table, loaded through Vite's module runner as the SPA's bundler reads it (its
 * route modules use import.meta.env, which Node lacks).
 */
async function routePatterns(): Promise<string[]> {
  const root = path.resolve(import.meta.dirname, '../..');
  const { module } = await runnerImport<typeof import('#web/routes/table')>(path.join(root, 'web/routes/table.ts'), {
    root,
    configFile: false,
    logLevel: 'warn',
  });
  return pagePatterns(module.ALL_SCREENS);
}

/** Both runs' figures in one report. */
function combined(a: FuzzReport, b: FuzzReport): FuzzReport {
  const statuses = { ...a.statuses };
  for (const [status, n] of Object.entries(b.statuses)) statuses[+status] = (statuses[+status] ?? 0) + n;
  return {
    requests: a.requests + b.requests,
    serverErrors: a.serverErrors + b.serverErrors,
    nonEnvelope: a.nonEnvelope + b.nonEnvelope,
    oversize: a.oversize + b.oversize,
    statuses,
    findings: [...a.findings, ...b.findings],
  };
}

/** The text every replacement pattern and markup character is in, stored in a category, channel, article and news. */
const HOSTILE_TEXT = "$` $' $& $1 $<x> $$ <b>\"'&</b> 🙂";

/** Ids and slugs of content with HOSTILE_TEXT in every text field, made through the API as the demo admin. */
async function storeHostileContent(
  api: <T>(path: string, init?: RequestInit) => Promise<{ code: number; result: T }>,
): Promise<string[]> {
  const post = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body: JSON.stringify(body) });
  type Made = { id: string; slug?: string };
  const category = await post<Made>('/categories', { title: `Category ${HOSTILE_TEXT}` });
  const categoryIds = category.code === 201 ? [category.result.id] : [];
  const channel = await post<Made>('/channels', {
    name: `Channel ${HOSTILE_TEXT}`,
    infoText: HOSTILE_TEXT,
    categoryIds,
  });
  const article = await post<Made>('/articles', {
    title: `Article ${HOSTILE_TEXT}`,
    teaser: HOSTILE_TEXT,
    description: `${HOSTILE_TEXT}\n\n${HOSTILE_TEXT.repeat(20)}`,
    type: 'text',
    channelId: channel.code === 201 ? channel.result.id : null,
    categoryIds,
  });
  const made = [category, channel, article].filter((m) => m.code === 201).map((m) => m.result);
  if (article.code === 201)
    await post('/news', {
      title: `News ${HOSTILE_TEXT}`,
      teaser: HOSTILE_TEXT,
      ref: { kind: 'article', id: article.result.id },
    });
  if (made.length < 3)
    console.log('could not store all the hostile content:', JSON.stringify([category, channel, article]));
  return made.flatMap((m) => [m.id, ...(m.slug ? [m.slug] : [])]);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
