#!/usr/bin/env bash
# Fails when worker/db/schema.ts differs from what migrations/ build: a schema change needs its generated migration.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p node_modules/.cache
scratch=$(mktemp -d node_modules/.cache/migration-check.XXXX)
trap 'rm -rf "$scratch" "$scratch.log"' EXIT
cp -r migrations/. "$scratch"
npx drizzle-kit generate --dialect sqlite --schema ./worker/db/schema.ts --out "$scratch" --name unreleased > "$scratch.log" 2>&1 || { cat "$scratch.log" >&2; exit 1; }
grep -q "No schema changes" "$scratch.log" || grep -q "_unreleased.sql" "$scratch.log" || { cat "$scratch.log" >&2; exit 1; }
if ls "$scratch"/*_unreleased.sql >/dev/null 2>&1; then
  echo "The schema has changes no migration makes. Run 'npm run db:generate' and commit the migration it writes:" >&2
  cat "$scratch"/*_unreleased.sql >&2
  exit 1
fi
echo "Migrations match the schema."
