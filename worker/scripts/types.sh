#!/usr/bin/env bash
# `npm run types`: worker/worker-configuration.d.ts from wrangler.toml (test/scripts/check-bindings.sh compares it).
# wrangler types names a Durable Object's class through the main module (`import("./index").CollabRoom`); the entry
# imports the pages' renderer, which only the worker/pages type project compiles (it needs the DOM and JSX), so the
# class is named through the module the entry re-exports it from instead (`export { X } from './collab/room'`).
set -euo pipefail
cd "$(dirname "$0")/../.."
types=worker/worker-configuration.d.ts
wrangler types --include-runtime=false --strict-vars=false --include-main-module=false "$types"
grep -oE "export \{ [A-Za-z0-9_]+ \} from '\./[^']+'" worker/index.ts | while read -r _ _ class _ _ from; do
  from="${from//\'/}"
  sed -i "s#import(\"./index\").$class\\b#import(\"$from\").$class#g" "$types"
done
