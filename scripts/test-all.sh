#!/usr/bin/env bash
# Every check: types, lint, the web build, worker tests in workerd, web unit tests, a short soak and browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/offline-env.sh

bash scripts/ensure-chromium.sh
[ -f .dev.vars ] || cp .dev.vars.example .dev.vars
echo "== build" && npm run --silent build >/dev/null

# The worker tests keep about one core busy (one workerd runs the files one after another); the static checks, the web
# unit tests and then the two-shard project (a workerd of its own) take the other one meanwhile. Their output is shown
# once both are done, so the two do not interleave.
static_log=$(mktemp)
trap 'rm -f "$static_log"' EXIT
(
  set -e
  echo "== typecheck ($SECONDS s in)" && npm run --silent typecheck
  echo "== lint" && npm run --silent lint
  echo "== deploy check" && npm run --silent deploy:check
  echo "== migrations" && bash scripts/check-migrations.sh
  # The web project holds the shard move rehearsal, which drives local D1 through Miniflare's proxy from Node.
  echo "== web and script tests ($SECONDS s in)" && npx vitest run --project web
  echo "== worker tests over two user shards ($SECONDS s in)" && npx vitest run --project worker-two-shards
) >"$static_log" 2>&1 &
static_checks=$!

echo "== worker tests ($SECONDS s in)" && worker_status=0 && npx vitest run --project worker || worker_status=$?
static_status=0 && wait "$static_checks" || static_status=$?
cat "$static_log"
[ "$worker_status" -eq 0 ] && [ "$static_status" -eq 0 ] || exit 1

# Browser journeys run without the workerd tests: beside them on two cores a page load waits on the machine instead of
# the app. The short soak (2 minutes of players who mostly think between actions; it judges errors, answers, the
# ledger and settlement, not speed) takes the part of a core the journeys leave.
soak_log=$(mktemp)
trap 'rm -f "$static_log" "$soak_log"' EXIT
npm run --silent soak -- --short >"$soak_log" 2>&1 &
soak=$!
echo "== browser journeys ($SECONDS s in)" && e2e_status=0 && npx vitest run --project e2e || e2e_status=$?
soak_status=0 && wait "$soak" || soak_status=$?
echo "== soak (2 minutes, beside the journeys)" && cat "$soak_log"
[ "$e2e_status" -eq 0 ] && [ "$soak_status" -eq 0 ] || exit 1
echo "== all green in $SECONDS s"
