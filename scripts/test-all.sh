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
echo "== worker and web tests" && npx vitest run --project worker --project worker-two-shards --project web
echo "== browser journeys" && npx vitest run --project e2e
