#!/usr/bin/env bash
# Builds the web app, prepares the local D1 database with demo data and serves everything on one port.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/offline-env.sh
PORT="${PORT:-8787}"

[ -f .dev.vars ] || cp .dev.vars.example .dev.vars
npm run build --silent
npx wrangler d1 migrations apply DB --local >/dev/null
npx tsx scripts/seed.ts

cat <<MSG

  Pickstreak is starting at http://localhost:${PORT}
  Demo accounts (password: password123):
    admin@example.com   (admin)
    player@example.com  (player)
  Emails sent locally: http://localhost:${PORT}/api/dev/outbox

MSG
exec npx wrangler dev --local --ip 127.0.0.1 --port "$PORT" --var "APP_URL:http://localhost:${PORT}"
