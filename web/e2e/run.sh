#!/usr/bin/env bash
# Browser tests of the web client: installs what they need (Debian's
# chromium, playwright-core from npm), then runs them with node's test
# runner against a freshly built `m44 serve`. Prints "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"

if ! command -v "${CHROMIUM:-/usr/bin/chromium}" >/dev/null 2>&1; then
  echo "installing chromium (Debian package)…"
  export DEBIAN_FRONTEND=noninteractive
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null && $SUDO apt-get install -y -qq chromium >/dev/null || { echo "cannot install chromium"; echo "0 passed, 1 failed"; exit 1; }
fi
if [ ! -d node_modules/playwright-core ]; then
  # playwright-core never downloads a browser; it drives /usr/bin/chromium.
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; else npm install --no-audit --no-fund --loglevel=error; fi || { echo "npm install failed"; echo "0 passed, 1 failed"; exit 1; }
fi

out=$(mktemp)
node --test --test-concurrency=1 --test-reporter=spec tests/ 2>&1 | tee "$out"
status=${PIPESTATUS[0]}
pass=$(grep -E '^ℹ pass [0-9]+' "$out" | tail -1 | awk '{print $3}')
fail=$(grep -E '^ℹ fail [0-9]+' "$out" | tail -1 | awk '{print $3}')
rm -f "$out"
pass=${pass:-0}
fail=${fail:-0}
if [ "$status" != 0 ] && [ "$fail" = 0 ]; then fail=1; fi
echo "screenshots: $(pwd)/artifacts"
echo "$pass passed, $fail failed"
[ "$status" = 0 ] && [ "$fail" = 0 ]
