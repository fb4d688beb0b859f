#!/usr/bin/env bash
# Every check: types, lint, the web build, worker tests in workerd, web unit tests and browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/offline-env.sh

bash scripts/ensure-chromium.sh
[ -f .dev.vars ] || cp .dev.vars.example .dev.vars
echo "== build" && npm run --silent build >/dev/null
echo "== typecheck" && npm run --silent typecheck
echo "== lint" && npm run --silent lint
echo "== deploy check" && npm run --silent deploy:check
echo "== migrations" && bash scripts/check-migrations.sh
# Browser journeys run after the workerd tests rather than beside them: on two cores the two together starve the dev
# server, and a page load waits on the machine instead of the app.
echo "== worker tests" && npx vitest run --project worker --project worker-two-shards
# The web project holds the shard move rehearsal, which drives local D1 through Miniflare's proxy from Node; beside two
# workerd test pools on two cores that proxy has dropped a call, so it runs after them.
echo "== web and script tests" && npx vitest run --project web
echo "== browser journeys" && npx vitest run --project e2e
