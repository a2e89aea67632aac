// The deploy path: the built project goes through `wrangler deploy --dry-run`, which bundles the worker and
// validates wrangler.toml and its bindings as a real deploy does, without an account or the network. The
// dry run leaves the compatibility date and flags to Cloudflare's API, so the bundle it wrote is then started
// in workerd with wrangler.toml's date, flags and bindings: a date or flag the runtime does not know fails
// here. The bundle must stay under a gzip budget well inside the free plan's 3 MB; the figure is printed on
// every run (docs/operations.md, "The deploy path"). What it holds is checked too (esbuild's metafile): nothing
// the worker never runs, so the headroom does not creep away unseen.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readD1Migrations } from '@cloudflare/vitest-plugin';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (tool: string) => path.join(root, 'node_modules/.bin', tool);
const KB = 1024;
const WORKER_GZIP_BUDGET = 1024 * KB;

let work = '';
let dryRun: { status: number | null; output: string } = { status: null, output: '' };

function run(tool: string, args: string[]) {
  const result = spawnSync(bin(tool), args, {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_METRICS: 'false',
      // As a deployment builds: vitest sets NODE_ENV to 'test', with which wrangler would bundle React's development
      // builds (process.env.NODE_ENV is defined from it; unset, `wrangler deploy` defines 'production').
      NODE_ENV: 'production',
    },
  });
  return {
    status: result.status,
    output: `${result.stdout}${result.stderr}${result.error ? String(result.error) : ''}`,
  };
}

/** What `wrangler deploy` would upload as the worker: every module it wrote, without the source maps and its README. */
function bundleFiles(outdir: string): string[] {
  return readdirSync(outdir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(js|mjs|cjs|wasm|bin|txt|html|sql|css)$/.test(f))
    .map((f) => path.join(outdir, f));
}

describe('wrangler deploy --dry-run', () => {
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'deploy-dry-run-'));
    const build = run('vite', [
      'build',
      '--config',
      'web/vite.config.ts',
      '--outDir',
      path.join(work, 'assets'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.output}`);
    dryRun = run('wrangler', [
      'deploy',
      '--dry-run',
      '--outdir',
      path.join(work, 'bundle'),
      '--metafile',
      path.join(work, 'meta.json'),
      '--assets',
      path.join(work, 'assets'),
    ]);
  }, 180_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('accepts the built project with every binding of wrangler.toml', () => {
    expect(dryRun.status, dryRun.output).toBe(0);
    expect(dryRun.output).toContain('--dry-run: exiting now.');
    for (const binding of [
      'env.DB',
      'env.KV',
      'env.OAUTH_KV',
      'env.FILES',
      'env.MAIL',
      'env.ASSETS',
      'env.MAIL_FROM',
      'env.SITE_MAIL',
      'env.SITE_URL',
    ]) {
      expect(dryRun.output, binding).toContain(binding);
    }
  });

  it(`writes a worker bundle of at most ${WORKER_GZIP_BUDGET / KB} KB gzip`, () => {
    expect(dryRun.status, dryRun.output).toBe(0);
    const files = bundleFiles(path.join(work, 'bundle'));
    expect(files.map((f) => path.basename(f))).toContain('index.js');
    const raw = files.reduce((total, f) => total + readFileSync(f).length, 0);
    const gzip = files.reduce((total, f) => total + gzipSync(readFileSync(f)).length, 0);
    const wranglerSays = /Total Upload: .*/.exec(dryRun.output)?.[0] ?? '';
    console.info(
      `worker bundle: ${(gzip / KB).toFixed(1)} KB gzip (${(raw / KB).toFixed(1)} KB raw) in ${files.length} file(s); wrangler: ${wranglerSays}`,
    );
    expect(gzip).toBeLessThanOrEqual(WORKER_GZIP_BUDGET);
  });

  it('bundles nothing the worker never runs: no view only the browser draws, no editor, no React build it does not call', () => {
    expect(dryRun.status, dryRun.output).toBe(0);
    const meta = JSON.parse(readFileSync(path.join(work, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    };
    const inputs = Object.values(meta.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([file]) => file),
    );
    // What the bundle must hold, so that the list below is no empty promise.
    for (const file of [
      'web/routes/home/index.tsx',
      'web/routes/preview/$token/index.tsx',
      'node_modules/react-dom/cjs/react-dom-server.edge.production.js',
      'node_modules/zod/v4/mini/schemas.js',
    ]) {
      expect(inputs, file).toContain(file);
    }
    const neverRun: [RegExp, string][] = [
      // The guarded branches' views are drawn by the browser (import.meta.env.SSR, wrangler.toml define); their route
      // modules (route.ts, and the crumbs they share) are declarations the renderer reads for the guard and the head.
      [
        /^web\/routes\/(mySO|myaccount|appManagement)\/(?!(.*\/)?route\.ts$|(.*\/)?\+shared\/crumbs\.ts$)/,
        'a view of a guarded branch',
      ],
      [/^web\/i18n\/admin\./, "the admin workspace's catalogue"],
      [/node_modules\/(lexical|@lexical)\//, 'the rich text editor (Lexical)'],
      [/node_modules\/@dnd-kit\//, "the workspace's drag and drop"],
      [/node_modules\/zod\/v4\/locales\/(?!(en|index)\.js$)/, 'a zod locale other than English'],
      // worker/pages/react-dom-server-edge.cjs (wrangler.toml alias); NODE_ENV production, as above.
      [/node_modules\/react-dom\/cjs\/react-dom-server-legacy\./, "React's legacy renderToString"],
      [/node_modules\/(react|react-dom)\/cjs\/.*\.development\.js$/, 'a development build of React'],
    ];
    const found = neverRun.flatMap(([pattern, what]) =>
      inputs.filter((file) => pattern.test(file)).map((file) => `${file} (${what})`),
    );
    expect(found).toEqual([]);
  });

  it('brings classic zod only for the MCP server, whose SDK needs it, and says what /mcp and OAuth weigh', () => {
    expect(dryRun.status, dryRun.output).toBe(0);
    const meta = JSON.parse(readFileSync(path.join(work, 'meta.json'), 'utf8')) as {
      inputs: Record<string, { imports: { path: string }[] }>;
      outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    };
    // worker/middleware/validate.ts: the worker imports zod/mini. Classic zod (what the MCP SDK and its tools' JSON
    // Schemas are built on) may come in only through the MCP server, which worker/mcp/route.ts loads for /mcp alone.
    const classic = /^node_modules\/zod\/(v4\/classic\/|index\.js$|v4\/index\.js$)/;
    const importers = Object.entries(meta.inputs)
      .filter(
        ([file, input]) => !file.startsWith('node_modules/zod/') && input.imports.some((i) => classic.test(i.path)),
      )
      .map(([file]) => file);
    expect(importers.filter((file) => !/^(node_modules\/@modelcontextprotocol\/|worker\/mcp\/)/.test(file))).toEqual(
      [],
    );
    const bytes = (pattern: RegExp) =>
      Object.values(meta.outputs)
        .flatMap((o) => Object.entries(o.inputs))
        .filter(([file]) => pattern.test(file))
        .reduce((total, [, input]) => total + input.bytesInOutput, 0);
    const mcp = bytes(/^(node_modules\/@modelcontextprotocol\/|worker\/mcp\/|node_modules\/zod\/v4\/classic\/)/);
    const oauth = bytes(/^(node_modules\/@cloudflare\/workers-oauth-provider\/|worker\/oauth\/)/);
    console.info(`MCP server ${(mcp / KB).toFixed(1)} KB raw, OAuth ${(oauth / KB).toFixed(1)} KB raw (loaded on use)`);
    expect(mcp).toBeGreaterThan(0);
  });

  it('the bundle starts in workerd with the compatibility date, flags and bindings of wrangler.toml, and answers and logs', async () => {
    expect(dryRun.status, dryRun.output).toBe(0);
    // wrangler's options are shaped for its own miniflare: the declared one must be that very version.
    const version = (pkg: string) =>
      (JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
        .version;
    const wranglerPkg = JSON.parse(readFileSync(path.join(root, 'node_modules/wrangler/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(version('miniflare'), 'package.json: miniflare must be the version wrangler depends on').toBe(
      wranglerPkg.dependencies.miniflare,
    );
    const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(root, 'wrangler.toml'));
    const bundle = path.join(work, 'bundle');
    // The assets are not needed to answer /api; storage is in memory, with the migrations applied as before a deploy
    // (a page that is not found looks up the import's redirects first).
    const { assets: _assets, modulesRules: _rules, ...options } = workerOptions;
    // The bundle's console, kept here instead of printed: its request log line shows logging works once bundled.
    const logs: { level: string; message: string }[] = [];
    // wrangler still describes a worker in miniflare's v4 options, which miniflare 5 converts.
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        ...options,
        // The entry and the modules wrangler wrote beside it (the views' stylesheets, as text: wrangler.toml's rules).
        modules: bundleFiles(bundle)
          .sort((a, b) => Number(b.endsWith('index.js')) - Number(a.endsWith('index.js'))) // the entry first
          .map((file) => ({
            type: file.endsWith('.css') ? ('Text' as const) : ('ESModule' as const),
            path: file,
          })),
        modulesRoot: bundle,
        handleStructuredLogs: (log) => logs.push(log),
      }),
    );
    try {
      const d1 = await mf.getD1Database('DB');
      for (const migration of await readD1Migrations(path.join(root, 'migrations'))) {
        await d1.batch(migration.queries.map((query) => d1.prepare(query)));
      }
      const res = await mf.dispatchFetch('http://localhost/api/no-such-route');
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: 404, message: 'Not found', result: null });
      const requestId = res.headers.get('X-Request-Id');
      expect(requestId).toBeTruthy();
      expect(
        logs.filter(
          (l) => l.level === 'info' && l.message.includes(requestId!) && l.message.includes('/api/no-such-route'),
        ),
      ).toHaveLength(1);
      // The pages are rendered by the bundle too (without the built assets here: the layout around the view).
      const page = await mf.dispatchFetch('http://localhost/no-such-page');
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('<div id="root"><div class="page">');
    } finally {
      await mf.dispose();
    }
    // Starting workerd and its first request on a shared 2-core machine takes more than the default 5 s at times.
  }, 30_000);
});
