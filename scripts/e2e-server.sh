#!/usr/bin/env bash
# The server Playwright tests against (playwright.config.ts `webServer`): the BUILT app
# (`npx react-router build` first; scripts/test-all.sh does it) on a fresh embedded PGlite in a
# temp folder, listening on 127.0.0.1 only. The folder is deleted when Playwright stops the server.
#
# NODE_ENV=test: production-built code, but cookies without `Secure` over plain http and the
# simulated payment page allowed (both refused when NODE_ENV=production). TRUST_PROXY=loopback:
# each test sends its own X-Forwarded-For (tests/e2e/support/fixtures.ts), one client per test.
# The demo's drawn photos are kept in data/demo-art between runs (decision 035), so only the first
# start on a machine draws them.
# Everything the server prints also goes to E2E_SERVER_LOG (.test-results/e2e-server.log), which
# Playwright's global teardown searches for e-mail addresses (tests/e2e/support/log-check.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${E2E_PORT:-3100}
log=${E2E_SERVER_LOG:-.test-results/e2e-server.log}
mkdir -p "$(dirname "$log")"
: >"$log"

if [ ! -f build/server/index.js ]; then
  echo "e2e-server: build/server/index.js is missing; run 'npx react-router build' first" >&2
  exit 1
fi

data=$(mktemp -d "${TMPDIR:-/tmp}/cuvee-e2e.XXXXXX")
server=""
# Stops the server (SIGTERM: it finishes its requests and closes the database; SIGKILL only if it
# is still there after 12 s) and deletes its data folder.
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server" 2>/dev/null || true
    for _ in $(seq 1 120); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf -- "$data"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

# The demo catalogue with its drawn photos, then other generated photos for the first products of
# /products (the first with a second photo) and their producers, stored as a staff upload would be
# (scripts/sample-photos.ts; tests/e2e/photos.spec.ts).
env -u DATABASE_URL DATA_DIR="$data" DEMO_ART_DIR="${DEMO_ART_DIR:-$PWD/data/demo-art}" NODE_ENV=test node_modules/.bin/tsx scripts/sample-photos.ts 8 12 >>"$log" 2> >(tee -a "$log" >&2)

env -u DATABASE_URL \
  DATA_DIR="$data" DEMO_ART_DIR="${DEMO_ART_DIR:-$PWD/data/demo-art}" OUTBOX_DIR="${E2E_OUTBOX:-$data/outbox}" PORT="$port" HOST=127.0.0.1 NODE_ENV=test SEED_DEMO=1 \
  TRUST_PROXY=loopback PUBLICATION_SWEEP_SECONDS=5 \
  SESSION_SECRET="e2e-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" \
  node scripts/serve.mjs >>"$log" 2> >(tee -a "$log" >&2) &
server=$!
wait "$server"
