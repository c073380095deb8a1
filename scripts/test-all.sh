#!/usr/bin/env bash
# `npm test`: every test of the project, in this order, each a "suite" of the final summary:
#
#   lint                  ESLint on the whole repository, no warning allowed (npm run lint),
#                         in the background while format, typecheck and layers run
#                                                                      (counts as 1 check)
#   format                Prettier --check: every file formatted (npm run format:check)
#                                                                      (counts as 1 check)
#   typecheck             react-router typegen + tsc --noEmit          (counts as 1 check)
#   layers                no import cycle between app/'s top-level folders
#                         (scripts/folder-cycles.ts, decision 034)     (counts as 1 check)
#   unit                  vitest project `unit`
#   integration-pglite    vitest project `integration` on in-memory PGlite
#   integration-postgres  the same tests on a real PostgreSQL (scripts/ensure-postgres.sh)
#   build                 react-router build                           (counts as 1 check)
#   server                vitest project `server`: the built HTTP server's headers, refusals,
#                         shutdown, fuzz and database outage (tests/server), each file on its own
#                         process; PostgreSQL (started above) is stopped at the very end
#   e2e                   Playwright, projects `js` and `no-js`, on the built server
#
# Chromium and PostgreSQL are installed from Debian when missing (scripts/ensure-*.sh). A failing
# suite does not stop the others. Counts come from each runner's JSON report, written with the
# logs under .test-results/. The LAST line printed is always `N passed, N failed, N skipped` with
# the totals; the exit status is 1 when anything failed, including a suite that crashed without
# a report or that could not run.
#
# Local iteration only (CI never sets them): SKIP_PG=1 skips integration-postgres, SKIP_E2E=1
# skips build and e2e; a skipped suite counts as 1 skipped.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
results=$root/.test-results
bin=$root/node_modules/.bin
rm -rf "$results"
mkdir -p "$results"
export CUVEE_APT_STAMP=$results/apt-updated

suites=()
declare -A passed failed skipped note seconds reports

# add NAME PASSED FAILED SKIPPED [NOTE] [SECONDS]
add() {
  suites+=("$1")
  passed[$1]=$2 failed[$1]=$3 skipped[$1]=$4 note[$1]=${5:-} seconds[$1]=${6:-}
}

banner() { printf '\n\033[1m=== %s ===\033[0m\n' "$*"; }

# run LOG TIMEOUT_SECONDS COMMAND…: runs with its output on the console and in LOG; returns its status.
run() {
  local log=$1 limit=$2
  shift 2
  timeout --kill-after=30 "$limit" "$@" 2>&1 | tee "$log"
  return "${PIPESTATUS[0]}"
}

# counts KIND FILE: prints "passed failed skipped" from a vitest or Playwright JSON report.
counts() {
  node -e '
    const [kind, file] = process.argv.slice(1);
    const r = JSON.parse(require("fs").readFileSync(file, "utf8"));
    if (kind === "vitest") {
      // A file that failed outside its tests (import error, failing hook) has no failed test.
      const broken = (r.testResults ?? []).filter(
        (f) => f.status === "failed" && !(f.assertionResults ?? []).some((a) => a.status === "failed"),
      ).length;
      console.log(r.numPassedTests, r.numFailedTests + broken, r.numPendingTests + r.numTodoTests);
    } else {
      const s = r.stats;
      const globalErrors = (r.errors ?? []).length > 0 && s.unexpected === 0 ? 1 : 0;
      console.log(s.expected + s.flaky, s.unexpected + globalErrors, s.skipped);
    }
  ' "$1" "$2" 2>/dev/null
}

# failures SUITE KIND FILE: prints one line per failed test of a vitest or Playwright JSON report
# (file, title and the first line of its error), at most 12, so CI's tail names what failed.
failures() {
  node -e '
    const [suite, kind, file] = process.argv.slice(1);
    const r = JSON.parse(require("fs").readFileSync(file, "utf8"));
    const out = [];
    const first = (m) => String(m ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n").find((l) => l.trim()) ?? "";
    if (kind === "vitest") {
      for (const f of r.testResults ?? []) {
        const where = require("path").relative(process.cwd(), f.name);
        const failed = (f.assertionResults ?? []).filter((a) => a.status === "failed");
        for (const a of failed) out.push(`${where} > ${a.fullName}: ${first(a.failureMessages?.[0])}`);
        if (f.status === "failed" && failed.length === 0) out.push(`${where}: ${first(f.message)}`);
      }
    } else {
      const walk = (suiteNode, outer) => {
        const titles = suiteNode.title === suiteNode.file ? outer : [...outer, suiteNode.title];
        for (const spec of suiteNode.specs ?? [])
          for (const t of spec.tests ?? [])
            if (t.status === "unexpected") {
              const last = t.results?.[t.results.length - 1];
              out.push(`${spec.file}:${spec.line} [${t.projectName}] ${[...titles, spec.title].join(" > ")}: ${first(last?.error?.message)}`);
            }
        for (const child of suiteNode.suites ?? []) walk(child, titles);
      };
      for (const s of r.suites ?? []) walk(s, []);
      for (const e of r.errors ?? []) out.push(`global: ${first(e.message)}`);
    }
    for (const line of out.slice(0, 12)) console.log(`  ${suite}: ${line.slice(0, 400)}`);
    if (out.length > 12) console.log(`  ${suite}: … and ${out.length - 12} more, see .test-results/`);
  ' "$1" "$2" "$3" 2>/dev/null
}

# tests NAME KIND REPORT STATUS SECONDS: records a test-runner suite from its report.
tests() {
  local name=$1 kind=$2 report=$3 status=$4 secs=$5 p f s
  if [ ! -s "$report" ] || ! read -r p f s < <(counts "$kind" "$report") || [ -z "$s" ]; then
    add "$name" 0 1 0 "crashed without a report (exit $status), see .test-results/$name.log" "$secs"
  elif [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
    add "$name" "$p" 1 "$s" "exit $status without a failed test (unhandled error or timeout?), see log" "$secs"
  else
    add "$name" "$p" "$f" "$s" "" "$secs"
  fi
  if [ -s "$report" ]; then reports[$name]="$kind $report"; fi
}

# check NAME STATUS SECONDS: records a one-check suite (lint, format, typecheck, build).
check() {
  if [ "$2" -eq 0 ]; then add "$1" 1 0 0 "" "$3"; else add "$1" 0 1 0 "exit $2, see .test-results/$1.log" "$3"; fi
}

pg_started=""
cleanup() {
  if [ -n "$pg_started" ]; then
    bash scripts/ensure-postgres.sh stop >/dev/null 2>&1 || true
    pg_started=""
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- Lint, format, typecheck, layers ----------------------------------------------------------
# ESLint (a minute, one core) runs in the background while format, the Chromium and PostgreSQL
# checks, typecheck and layers run on the other core; its log is printed when it ends. The route
# types both need are generated once, first.
banner "lint (ESLint, in the background), format, typecheck, layers"
start=$SECONDS
typegen_status=0
run "$results/typegen.log" 300 "$bin/react-router" typegen || typegen_status=$?
(
  lint_start=$SECONDS
  status=$typegen_status
  if [ "$status" -eq 0 ]; then
    timeout --kill-after=30 600 "$bin/eslint" . --max-warnings 0 >"$results/lint.log" 2>&1
    status=$?
  else
    echo "react-router typegen failed (exit $status), see .test-results/typegen.log" >"$results/lint.log"
  fi
  echo "$status $((SECONDS - lint_start))" >"$results/lint.status"
) &
lint_pid=$!
typegen_seconds=$((SECONDS - start))

banner "format (Prettier --check)"
start=$SECONDS
run "$results/format.log" 300 "$bin/prettier" --check .
check format $? $((SECONDS - start))

# --- Browsers and database servers -------------------------------------------------------------
chromium_ok=1 pg_url=""
if [ "${SKIP_E2E:-}" != 1 ]; then
  banner "Chromium"
  bash scripts/ensure-chromium.sh || chromium_ok=0
fi
if [ "${SKIP_PG:-}" != 1 ]; then
  banner "PostgreSQL"
  bash scripts/ensure-postgres.sh status >/dev/null 2>&1 || pg_started=1
  pg_url=$(bash scripts/ensure-postgres.sh start) || pg_url=""
  [ -n "$pg_url" ] && echo "PostgreSQL: $pg_url"
fi

# --- Typecheck ---------------------------------------------------------------------------------
banner "typecheck"
start=$SECONDS
if [ "$typegen_status" -eq 0 ]; then
  run "$results/typecheck.log" 600 "$bin/tsc" --noEmit
  check typecheck $? $((SECONDS - start + typegen_seconds))
else
  check typecheck "$typegen_status" "$typegen_seconds"
fi

# --- Layers ------------------------------------------------------------------------------------
banner "layers (import cycles between app/'s top-level folders)"
start=$SECONDS
run "$results/layers.log" 300 "$bin/tsx" scripts/folder-cycles.ts
check layers $? $((SECONDS - start))

# --- Lint's result -----------------------------------------------------------------------------
wait "$lint_pid"
banner "lint (ESLint)"
cat "$results/lint.log"
lint_status=1 lint_seconds=""
[ -s "$results/lint.status" ] && read -r lint_status lint_seconds <"$results/lint.status"
check lint "$lint_status" $((${lint_seconds:-0} + typegen_seconds))

# --- Vitest ------------------------------------------------------------------------------------
run_vitest() { # NAME PROJECT [ENV=VALUE…]
  local name=$1 project=$2 start=$SECONDS status
  shift 2
  banner "$name"
  run "$results/$name.log" 1200 env -u TEST_DATABASE_URL "$@" "$bin/vitest" run --project "$project" \
    --reporter=default --reporter=json --outputFile="$results/$name.json"
  status=$?
  tests "$name" vitest "$results/$name.json" "$status" $((SECONDS - start))
}

run_vitest unit unit
run_vitest integration-pglite integration
if [ "${SKIP_PG:-}" = 1 ]; then
  add integration-postgres 0 0 1 "skipped (SKIP_PG=1)"
elif [ -z "$pg_url" ]; then
  add integration-postgres 0 1 0 "not run: PostgreSQL could not be installed or started"
else
  run_vitest integration-postgres integration TEST_DATABASE_URL="$pg_url"
fi
# PostgreSQL stays up for the server suite (its database-outage test); the EXIT trap stops it.

# --- Build and browser tests -------------------------------------------------------------------
if [ "${SKIP_E2E:-}" = 1 ]; then
  add build 0 0 1 "skipped (SKIP_E2E=1)"
  add server 0 0 1 "skipped (SKIP_E2E=1)"
  add e2e 0 0 1 "skipped (SKIP_E2E=1)"
else
  banner "build"
  start=$SECONDS
  run "$results/build.log" 900 "$bin/react-router" build
  build_status=$?
  check build "$build_status" $((SECONDS - start))
  if [ "$build_status" -ne 0 ]; then
    add server 0 1 0 "not run: the build failed"
  else
    # The database-outage test needs PostgreSQL: without it, it is skipped (and says why).
    if [ -n "$pg_url" ]; then run_vitest server server TEST_DATABASE_URL="$pg_url"; else run_vitest server server; fi
  fi
  if [ "$build_status" -ne 0 ]; then
    add e2e 0 1 0 "not run: the build failed"
  elif [ "$chromium_ok" -ne 1 ] || [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
    add e2e 0 1 0 "not run: Chromium could not be installed"
  else
    banner "e2e (Playwright: js and no-js)"
    start=$SECONDS
    run "$results/e2e.log" 1500 "$bin/playwright" test
    tests e2e playwright "$results/playwright.json" $? $((SECONDS - start))
  fi
fi

# --- Summary -----------------------------------------------------------------------------------
total_p=0 total_f=0 total_s=0
banner "Summary (reports and logs in .test-results/)"
printf '%-22s %7s %7s %8s %6s  %s\n' suite passed failed skipped time note
for name in "${suites[@]}"; do
  printf '%-22s %7d %7d %8d %6s  %s\n' "$name" "${passed[$name]}" "${failed[$name]}" "${skipped[$name]}" \
    "${seconds[$name]:+${seconds[$name]}s}" "${note[$name]}"
  total_p=$((total_p + passed[$name])) total_f=$((total_f + failed[$name])) total_s=$((total_s + skipped[$name]))
done
printf '%-22s %7d %7d %8d\n' total "$total_p" "$total_f" "$total_s"
if [ "$total_f" -gt 0 ]; then
  echo "Failed:"
  for name in "${suites[@]}"; do
    if [ "${failed[$name]}" -gt 0 ] && [ -n "${reports[$name]:-}" ]; then
      read -r kind report <<<"${reports[$name]}"
      failures "$name" "$kind" "$report"
    fi
  done
fi
echo "$total_p passed, $total_f failed, $total_s skipped"
[ "$total_f" -eq 0 ] && exit 0
exit 1
