#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium and prints its path (or nothing: then the tests use the
# one inside the npm package @sparticuz/chromium). Idempotent and quiet when a browser is there.
# Order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, then installing Debian's `chromium` when we are
# root with apt-get (CI is), else nothing.
set -uo pipefail

if [[ -n "${CHROMIUM_PATH:-}" && -x "${CHROMIUM_PATH}" ]]; then
  echo "$CHROMIUM_PATH"
  exit 0
fi

for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
  if [[ -x "$candidate" ]]; then
    echo "$candidate"
    exit 0
  fi
done

if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
  log="${TMPDIR:-/tmp}/ensure-chromium.log"
  echo "Installing Debian's chromium for the browser tests (log: $log)..." >&2
  if { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; } >"$log" 2>&1 \
    && [[ -x /usr/bin/chromium ]]; then
    echo /usr/bin/chromium
    exit 0
  fi
  echo "Could not install chromium (see $log); using @sparticuz/chromium instead." >&2
fi

# Nothing printed: the caller falls back to @sparticuz/chromium.
exit 0
