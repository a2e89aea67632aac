import path from 'node:path';
import { cloudflare } from '@cloudflare/vite-plugin';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [
    precompiledMessages(),
    react(),
    // `npm run dev`: the worker runs inside Vite's dev server in workerd, with the local D1, KV and R2 of
    // wrangler.toml (state in .wrangler/state, shared with `npm start`). The build stays a plain SPA build,
    // which `wrangler dev` and `wrangler deploy` serve as static assets.
    command === 'serve'
      ? cloudflare({
        configPath: path.join(webRoot, '../wrangler.toml'),
        persistState: { path: path.join(webRoot, '../.wrangler/state') },
        inspectorPort: false,
        // The SPA's own modules under web/api/ are served by Vite at /api/*.ts in development; they must
        // not go to the worker, which owns every other /api path.
        config: (config) => {
          if (config.assets) config.assets.run_worker_first = ['/api/*', '!/api/*.ts'];
        },
      })
      : [],
  ],
  resolve: {
    // Only in the build: catalogues arrive pre-parsed there (dev and tests parse at run time).
    alias:
      command === 'build'
        ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }]
        : [],
  },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
  },
}));
