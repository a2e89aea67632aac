#!/usr/bin/env bash
# The binding types in worker/worker-configuration.d.ts must be exactly what `npm run types` generates from
# wrangler.toml. `wrangler types --check` only compares a hash of the bindings, so a hand edit of the
# generated file would pass it; regenerating and comparing byte for byte catches both kinds of drift.
# The committed file is put back afterwards either way: fixing drift is `npm run types`, on purpose.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false

types=worker/worker-configuration.d.ts
committed="$(mktemp)"
cp -p "$types" "$committed"
trap 'cp -p "$committed" "$types"; rm -f "$committed"' EXIT

if ! npm run --silent types >/dev/null 2>&1; then
  npm run --silent types || true
  echo "wrangler types failed (see above)"
  exit 1
fi
if ! diff -u --label "$types (committed)" --label "$types (from wrangler.toml)" "$committed" "$types"; then
  echo "$types is out of step with wrangler.toml: run \`npm run types\` and commit the result."
  exit 1
fi
echo "$types matches wrangler.toml"
