import path from 'node:path';
import { cloudflare } from '@cloudflare/vite-plugin';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { headersFile } from '#schema/page-headers.ts';

const webRoot = import.meta.dirname;

/**
 * The message catalogues (web/i18n/*.json) are parsed into ICU message ASTs at build time, so the
 * bundle can use react-intl without its message parser (about 8 KB gzip of the first visit's budget).
 * The output is still JSON, so Vite's own JSON handling turns it into a module as before.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]i18n[\\/][^\\/]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const asts = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
      return { code: JSON.stringify(asts), map: null };
    },
  };
}

/**
 * Module ids the shell imports on demand right at start, wherever a visitor lands: the dynamic imports of the
 * entry except the views (routes/, each loaded by its route) and the other locales' catalogues. The home view
 * is the one view added: most first visits land on /. test/web/budget.test.ts counts the same files.
 */
const isStartupImport = (id: string) =>
  (!/[\\/]web[\\/]routes[\\/]/.test(id) || /[\\/]routes[\\/]home[\\/]/.test(id)) && !/[\\/]i18n[\\/].+\.json$/.test(id);

/**
 * `<link rel="modulepreload">` for the chunks the shell imports right at start (and their own imports), so the
 * browser fetches them with the entry instead of after it has run: on a slow network that is a round trip and
 * the entry's parse time earlier for the first pictures. Their stylesheets are preloaded too.
 */
function preloadStartupChunks(): Plugin {
  return {
    name: 'preload-startup-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        const entry = ctx.chunk;
        if (!bundle || !entry) return [];
        const byFile = new Map(
          Object.values(bundle)
            .filter((o): o is OutputChunk => o.type === 'chunk')
            .map((c) => [c.fileName, c]),
        );
        const wanted = new Set<string>();
        // The entry and its static imports have their tags already (Vite's own).
        const tagged = new Set([entry.fileName, ...entry.imports]);
        const add = (file: string) => {
          const chunk = byFile.get(file);
          if (!chunk || wanted.has(file) || tagged.has(file)) return;
          wanted.add(file);
          chunk.imports.forEach(add);
        };
        for (const file of entry.dynamicImports) {
          const chunk = byFile.get(file);
          if (chunk?.facadeModuleId && isStartupImport(chunk.facadeModuleId)) add(file);
        }
        const css = [...wanted].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        return [
          ...[...wanted].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...css.map((file) => ({
            tag: 'link',
            // The credentials mode of the <link rel="stylesheet" crossorigin> that uses it: a preload in another
            // mode is not reused and the file is fetched twice.
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/** The build's `_headers` (the asset server's headers of the SPA's files), from schema/page-headers.ts. */
function staticAssetHeaders(): Plugin {
  return {
    name: 'static-asset-headers',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile() });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [
    precompiledMessages(),
    preloadStartupChunks(),
    staticAssetHeaders(),
    react(),
    // `npm run dev`: the worker runs inside Vite's dev server in workerd, with the local D1, KV and R2 of
    // wrangler.toml (state in .wrangler/state, shared with `npm start`), and renders the pages as it does deployed
    // (docs/decisions/025-server-rendering.md): the same routing as wrangler.toml (a path that is no file is the
    // worker's), the template is index.html as Vite transforms it for development (its client and React Refresh;
    // the worker reads it through the ASSETS binding as in production), and the views' styles come with their
    // modules, as Vite serves them. The build stays a plain SPA build, which `wrangler dev` and `wrangler deploy`
    // serve as static assets beside the worker (wrangler's bundle of worker/index.ts).
    command === 'serve'
      ? cloudflare({
          configPath: path.join(webRoot, '../wrangler.toml'),
          // DEV_STATE: another state folder (the e2e check of this server uses a fresh one).
          persistState: { path: process.env.DEV_STATE ?? path.join(webRoot, '../.wrangler/state') },
          inspectorPort: false,
          config: (config) => {
            // The SPA's own modules under web/api/ are served by Vite at /api/*.ts in development; they must
            // not go to the worker, which owns every other /api path.
            const first = config.assets?.run_worker_first;
            if (config.assets && Array.isArray(first)) config.assets.run_worker_first = [...first, '!/api/*.ts'];
            // Pages drawn by the code being edited: none is kept in the edge cache, so a reload shows the change.
            config.vars = { ...config.vars, EDGE_CACHE: 'off' };
            // Webhooks may call a receiver on this machine: the local exception of decision 035 (never in
            // wrangler.toml, so never in production).
            config.vars.WEBHOOKS_ALLOW_LOCAL = '1';
            // Canonical URLs and links in mails name the development server (worker/scripts/dev.sh sets it).
            if (process.env.DEV_SITE_URL) config.vars.SITE_URL = process.env.DEV_SITE_URL;
          },
        })
      : [],
  ],
  resolve: {
    // Only in the build: catalogues arrive pre-parsed there (dev and tests parse at run time).
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    // Which chunk and stylesheets each view has: the worker links the rendered view's (worker/pages/template.ts).
    manifest: 'route-manifest.json',
    rollupOptions: {
      // boot.ts: the one script a rendered page names; it loads the app after the page's main picture (web/boot.ts).
      input: { index: path.join(webRoot, 'index.html'), boot: path.join(webRoot, 'boot.ts') },
      // The router and the data cache (with its two small helpers) go with the entry: every view needs them, and
      // left to itself the bundler split the router into a chunk of its own next to the entry, which cost the first
      // visit about 1 KB gzip (two files compress worse than one) and took it over its 130 KB (issue 28).
      output: {
        manualChunks: (id) =>
          /node_modules\/(react-router|swr|use-sync-external-store|dequal)\//.test(id) ? 'index' : undefined,
      },
    },
  },
}));
