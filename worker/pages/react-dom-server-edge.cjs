// `react-dom/server` for the wrangler bundle (wrangler.toml [alias]): React's edge renderer alone. The package's own
// server.edge.js also requires the legacy renderer for renderToString and renderToStaticMarkup, which nothing here
// calls (worker/pages/render.tsx streams with renderToReadableStream): 264 KB of the bundle. Its CommonJS files are
// not in the package's exports, hence the path. process.env.NODE_ENV is wrangler's (production for a deployment).
// Vite (`npm run dev`, the worker tests) ignores the alias and resolves react-dom/server itself: the same file.
'use strict';

module.exports =
  process.env.NODE_ENV === 'production'
    ? require('../../node_modules/react-dom/cjs/react-dom-server.edge.production.js')
    : require('../../node_modules/react-dom/cjs/react-dom-server.edge.development.js');
