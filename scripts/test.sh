#!/usr/bin/env bash
# npm test: installs what is missing, builds, and runs every test (API, contracts, both front ends, and
# the browser journeys in Debian's Chromium) against the real PostgreSQL and Redis. Ends with one line
# "N passed, N failed". `npm run test:chaos` (--chaos) adds the longer fault-injection suite.
set -uo pipefail
cd "$(dirname "$0")/.."

began_all=$SECONDS
bash scripts/ensure.sh deps || exit 1

out=$(mktemp -d)
status=0

# Lint (Prettier's check, then ESLint with type information; a warning fails it too: --max-warnings=0 in the
# lint script) beside the build: both run mostly on one core each. A failure fails `npm test`, and the tests
# still run so one report shows everything.
(npm run --silent lint >"$out/lint.log" 2>&1; echo $? >"$out/lint.rc") &
lint_pid=$!
bash scripts/ensure.sh services chromium pgbouncer build || { wait "$lint_pid"; cat "$out/lint.log"; exit 1; }
wait "$lint_pid"
echo "[facet] install, lint and build: $((SECONDS - began_all)) s" >&2
cat "$out/lint.log"
lint_status=$(cat "$out/lint.rc")
rm -f "$out/lint.log" "$out/lint.rc"
if [ "$lint_status" -ne 0 ]; then
  echo "[facet] lint failed (npm run lint; npm run format fixes formatting)" >&2
  status=$lint_status
else
  echo "[facet] lint clean: no ESLint errors or warnings, every file formatted"
fi
run_jest() { # name, extra args...
  local name=$1; shift
  local began=$SECONDS
  npx jest --ci --forceExit --json --outputFile="$out/$name.json" "$@"
  local rc=$?
  [ $rc -ne 0 ] && status=$rc
  # Each phase's wall time, to see which one a slow run spent its minutes in.
  echo "[facet] $name: $((SECONDS - began)) s" >&2
}

# Two files at a time: most of a file's time is spent waiting on PostgreSQL, Redis, timers or the browser, so
# two workers on two cores take about half the time (a run holds up to ~55 of PostgreSQL's 100 connections).
# The journeys share one shop; those that change it under the others run alone after them.
FACET_TEST_SCOPE=fast run_jest fast --maxWorkers=2
FACET_TEST_SCOPE=e2e run_jest e2e --maxWorkers=2
FACET_TEST_SCOPE=e2e-alone run_jest e2e-alone --runInBand
# The chaos files that kill their own processes run two at a time (most of their time is a dead process's
# lock lapsing or a new one starting); those that stop PostgreSQL and Redis run alone after them.
if [ "${1:-}" = "--chaos" ] || [ "${FACET_CHAOS:-}" = "1" ]; then
  FACET_TEST_SCOPE=chaos-kill run_jest chaos-kill --maxWorkers=2
  FACET_TEST_SCOPE=chaos-outage run_jest chaos-outage --runInBand
fi

node -e '
  const fs = require("fs"); let passed = 0, failed = 0, skipped = 0; const files = [];
  for (const f of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0); skipped += r.numPendingTests;
    for (const t of r.testResults) files.push([(t.endTime - t.startTime) / 1000, t.name.slice(process.cwd().length + 1)]);
  }
  // Where the run'"'"'s time goes, to keep CI well under its 30 minutes as suites grow.
  const total = files.reduce((s, [sec]) => s + sec, 0);
  console.log(`\nslowest test files (of ${files.length}, ${Math.round(total)} s in all):`);
  for (const [sec, name] of files.sort((a, b) => b[0] - a[0]).slice(0, 12)) console.log(`  ${sec.toFixed(1).padStart(6)} s  ${name}`);
  // The durations the test sequencer starts the longest files by on a clean clone (scripts/test-sequencer.cjs).
  if (process.env.FACET_TEST_DURATIONS_OUT) {
    const seconds = Object.fromEntries(files.map(([sec, name]) => [name, Math.round(sec)]).sort((a, b) => (a[0] < b[0] ? -1 : 1)));
    fs.writeFileSync(process.env.FACET_TEST_DURATIONS_OUT, JSON.stringify(seconds, null, 2) + "\n");
  }
  console.log(`\n${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : "") + (process.argv[2] !== "0" ? ", lint failed" : ""));
' "$out" "$lint_status"
rm -rf "$out"
exit $status
