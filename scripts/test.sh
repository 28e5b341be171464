#!/usr/bin/env bash
# npm test: unit + API tests (SQLite, and PostgreSQL when DATABASE_URL is set) + browser tests in Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# Browser tests drive Debian's chromium (never a downloaded build); CJK glyphs need fonts-wqy-microhei.
if [ -z "${CHROMIUM_PATH:-}" ]; then
  if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi wqy; then
    echo "Installing Debian chromium and fonts-wqy-microhei for the browser tests..."
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
  fi
  export CHROMIUM_PATH="$(command -v chromium)"
fi

# bcrypt at its lowest cost: the same login code, a thirtieth of the CPU a login takes at the default cost (the suite
# logs in about a thousand times on two cores).
export PASSWORD_HASH_COST="${PASSWORD_HASH_COST:-4}"
# The load test's 200 clients for 10 s on each database (30 s when run alone): the same thousands of mixed reads and
# writes checked, a third of the time both cores spend on it.
export LOAD_SECONDS="${LOAD_SECONDS:-10}"

# The browser tests start the server as `npm start` does: the built UI and the server bundle.
npx vite build --logLevel warn
npm run build:server --silent

# The report stays for `npm run test:timings`, which the sequencer's longest-first order reads.
report="$PWD/.vitest-report.json"
rm -f "$report"
set +e
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
status=$?
set -e
# One plain closing line that any CI reads: "N passed, N failed".
if [ -f "$report" ]; then
  node -e 'const r=require(process.argv[1]); console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""))' "$report"
fi
exit $status
