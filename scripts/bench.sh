#!/usr/bin/env bash
# npm run bench: builds the app when build/ is missing or older than the sources, then runs
# scripts/bench.ts (generated 10,000-product catalogue, app vs. static floor; see that file).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/server/index.js ] ||
  [ -n "$(find app public react-router.config.ts vite.config.ts -newer build/server/index.js -print -quit 2>/dev/null)" ]; then
  echo "Building…"
  node_modules/.bin/react-router build
fi
exec node_modules/.bin/tsx scripts/bench.ts
