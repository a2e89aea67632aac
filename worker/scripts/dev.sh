#!/usr/bin/env bash
# `npm run dev`: one process on one port with hot reload: Vite serves the SPA (React Fast Refresh) and runs
# the worker in workerd through @cloudflare/vite-plugin, which renders the pages as deployed (the browser hydrates
# them with Vite's modules), on the same local D1, KV and R2 state as `npm start`
# (.wrangler/state). Migrations and the demo seed are applied first, as `npm start` does. Vite fires no Cron
# Triggers either: worker/scripts/cron-timer.ts runs the scheduled handler every minute, as `npm start` does.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
port="${PORT:-5173}"
host="${LISTEN_IP:-127.0.0.1}"

echo "== the route table and the screens' words from web/routes/ (worker/scripts/route-table.ts)"
tsx worker/scripts/route-table.ts

echo "== applying D1 migrations (local)"
wrangler d1 migrations apply DB --local </dev/null

echo "== seeding the demo content (only into an empty database)"
tsx worker/scripts/seed.ts

echo "== dev server on http://localhost:${port} (Ctrl+C stops)"
# The worker renders the pages here too: their canonical URLs and the links in mails name this server.
export DEV_SITE_URL="http://localhost:${port}"
# The plugin answers the local runtime's trigger route (/cdn-cgi/local/scheduled); the timer ends with the server.
tsx worker/scripts/cron-timer.ts --url "http://127.0.0.1:${port}" --while-pid $$ &
exec vite dev --config web/vite.config.ts --host "$host" --port "$port" --strictPort
