#!/usr/bin/env bash
# Every check: types, lint, the web build, worker tests in workerd, web unit tests, a short soak and browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/offline-env.sh

bash scripts/ensure-chromium.sh
[ -f .dev.vars ] || cp .dev.vars.example .dev.vars
echo "== build" && npm run --silent build >/dev/null

# The worker tests keep about one core busy (one workerd runs the files one after another); the static checks, the web
# unit tests and the short soak take the other one meanwhile (a short soak judges errors, answers, the ledger and
# settlement, not speed). Their output is shown once both are done, so the two do not interleave.
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
  echo "== soak (2 minutes, $SECONDS s in)" && npm run --silent soak -- --short
) >"$static_log" 2>&1 &
static_checks=$!

echo "== worker tests ($SECONDS s in)" && worker_status=0 && npx vitest run --project worker --project worker-two-shards || worker_status=$?
static_status=0 && wait "$static_checks" || static_status=$?
cat "$static_log"
[ "$worker_status" -eq 0 ] && [ "$static_status" -eq 0 ] || exit 1

# Browser journeys run on their own: beside the workerd tests on two cores a page load waits on the machine instead
# of the app.
echo "== browser journeys ($SECONDS s in)" && npx vitest run --project e2e
echo "== all green in $SECONDS s"
