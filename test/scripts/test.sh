#!/usr/bin/env bash
# `npm test`: the static checks (generated bindings, typecheck, lint), then every test (worker, SPA components,
# browser end to end), then one closing line `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false

results=node_modules/.cache/test-results.json
mkdir -p "$(dirname "$results")"
rm -f "$results"

# A failed static check stops the run before the tests and counts as one failure.
gate() {
  local name="$1"
  shift
  echo "== $name"
  if ! "$@"; then
    echo "$name failed"
    echo "0 passed, 1 failed"
    exit 1
  fi
}

gate "bindings (wrangler.toml against worker/worker-configuration.d.ts)" bash test/scripts/check-bindings.sh
gate "format (prettier --check; npm run format fixes it)" prettier --check --log-level warn .
gate "typecheck" tsc -b
gate "lint" npm run --silent lint

# The browser tests need a Chromium: installed here when missing (quiet when present).
CHROMIUM_PATH="$(bash test/scripts/ensure-chromium.sh)"
export CHROMIUM_PATH

echo "== tests"
vitest run --config test/vitest.config.ts --reporter=default --reporter=json --outputFile.json="$results" "$@"
status=$?

node -e '
const fs = require("fs");
const file = process.argv[1];
if (!fs.existsSync(file)) { console.log("0 passed, 1 failed"); process.exit(1); }
const r = JSON.parse(fs.readFileSync(file, "utf8"));
// A file that fails to load (or errors outside any test) counts as one failure even though no test in it failed.
const brokenFiles = r.testResults.filter((f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed")).length;
const failed = r.numFailedTests + brokenFiles;
const skipped = (r.numPendingTests || 0) + (r.numTodoTests || 0);
console.log(`${r.numPassedTests} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$results"
exit $status
