#!/usr/bin/env bash
# `npm start`: build the SPA, migrate the local D1, seed the demo into an empty database, then serve the
# portal with `wrangler dev` on local bindings at http://localhost:${PORT:-8787} (on 127.0.0.1 only; LISTEN_IP=0.0.0.0
# serves the LAN). State stays in .wrangler/state, so a second start keeps the data (delete that folder to start
# over). wrangler dev fires no Cron Triggers: worker/scripts/cron-timer.ts runs the scheduled handler every minute.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
port="${PORT:-8787}"
host="${LISTEN_IP:-127.0.0.1}"

echo "== the route table and the screens' words from web/routes/ (worker/scripts/route-table.ts)"
tsx worker/scripts/route-table.ts

echo "== building the SPA"
vite build --config web/vite.config.ts --logLevel warn

echo "== applying D1 migrations (local)"
# No terminal on stdin: wrangler then takes its default answer instead of asking to confirm.
wrangler d1 migrations apply DB --local </dev/null

echo "== seeding the demo content (only into an empty database)"
tsx worker/scripts/seed.ts

echo "== serving http://localhost:${port} (Ctrl+C stops)"
# Links in mails point at this server (wrangler.toml names the default port). Webhooks may call a receiver on this
# machine (http://localhost, 127.0.0.1): the local exception of decision 035, never set in production.
# The timer calls the server on loopback (wrangler listens there for 0.0.0.0 too) and ends with it: exec keeps this
# shell's pid ($$) for wrangler.
tsx worker/scripts/cron-timer.ts --url "http://127.0.0.1:${port}" --while-pid $$ &
exec wrangler dev --local --ip "$host" --port "$port" --var "SITE_URL:http://localhost:${port}" \
  --var "WEBHOOKS_ALLOW_LOCAL:1"
