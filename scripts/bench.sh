#!/usr/bin/env bash
# npm run bench: builds the app when build/ is missing or older than the sources, then runs
# scripts/bench.ts (the latency curve at 1k/10k/100k products on PostgreSQL, the floors, the client
# JavaScript size, two app processes; see that file). PostgreSQL: BENCH_DATABASE_URL (an admin URL)
# or the throwaway cluster of scripts/ensure-postgres.sh, started by the bench when needed.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/server/index.js ] ||
  [ -n "$(find app server public locales react-router.config.ts vite.config.ts -newer build/server/index.js -print -quit 2>/dev/null)" ]; then
  echo "Building…"
  node_modules/.bin/react-router build
fi
exec node_modules/.bin/tsx scripts/bench.ts
