#!/usr/bin/env bash
# Offline deploy rehearsal. Refuses a wrangler.toml whose staging or production settings are development ones
# (scripts/lib/deploy-config.ts), then bundles the worker for each environment exactly as `wrangler deploy` would,
# without uploading, and fails when the bundle holds the development routes (worker/dev-entry.ts) or its compressed
# size is over the Workers limit (3 MiB on the free plan).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/offline-env.sh
LIMIT_KIB=3072
# The development-only modules, as the bundle and its source map name the files they came from.
DEV_MODULES='worker/(dev-entry|dev-cron|features/dev/(dev\.routes|outbox-page))\.ts'

npx tsx scripts/deploy-config-check.ts wrangler.toml
[ -d dist/client ] || npm run --silent build >/dev/null
for env in staging production; do
  out=$(mktemp -d)
  log=$(npx wrangler deploy --dry-run --outdir "$out" --env "$env" 2>&1) || { echo "$log"; rm -rf "$out"; exit 1; }
  gzip_kib=$(echo "$log" | sed -n 's/.*gzip: \([0-9.]*\) KiB.*/\1/p' | tail -n 1)
  dev_hits=$(grep -rlE "$DEV_MODULES" "$out" || true)
  rm -rf "$out"
  if [ -n "$dev_hits" ]; then
    echo "deploy check ($env): the bundle holds the development modules (${DEV_MODULES}) in: $(basename -a $dev_hits | xargs)"
    exit 1
  fi
  if [ -z "$gzip_kib" ]; then echo "deploy check ($env): could not read the bundle size"; echo "$log"; exit 1; fi
  if awk -v size="$gzip_kib" -v limit="$LIMIT_KIB" 'BEGIN { exit !(size > limit) }'; then
    echo "deploy check ($env): bundle is ${gzip_kib} KiB gzip, over the ${LIMIT_KIB} KiB limit"; exit 1
  fi
  echo "deploy check ($env): ok, ${gzip_kib} KiB gzip (limit ${LIMIT_KIB} KiB), no development modules"
done
