#!/usr/bin/env bash
# npm run bench: builds the app when build/ is missing or stale (scripts/build-if-stale.sh), then runs
# scripts/bench.ts (the latency curve at 1k/10k/100k products on PostgreSQL, the floors, the client
# JavaScript size, two app processes; see that file), then scripts/bench-images.ts (ms per image
# variant). PostgreSQL: BENCH_DATABASE_URL (an admin URL)
# or the throwaway cluster of scripts/ensure-postgres.sh, started by the bench when needed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build-if-stale.sh
node_modules/.bin/tsx scripts/bench.ts
# The image part: sharp's time per variant of a 2400 px photo (decision 035).
exec node_modules/.bin/tsx scripts/bench-images.ts
