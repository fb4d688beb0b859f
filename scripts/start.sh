#!/usr/bin/env bash
# Builds the web app, prepares the local D1 databases (the catalogue and two user shards) with demo data and serves
# everything on one port.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/offline-env.sh
PORT="${PORT:-8787}"
# The local Stripe stand-in (scripts/stripe-standin) and the keys both it and the worker use.
STRIPE_PORT="${STRIPE_PORT:-12111}"
STRIPE_SECRET_KEY="${STRIPE_SECRET_KEY:-sk_test_pickstreak_local}"
STRIPE_WEBHOOK_SECRET="${STRIPE_WEBHOOK_SECRET:-whsec_pickstreak_local}"
# The local push service stand-in (scripts/push-standin): browsers' real push services cannot be reached from here.
PUSH_PORT="${PUSH_PORT:-12112}"
# The local score feed stand-in (scripts/score-feed-standin): upcoming events for the admin's question form, moved to a
# result with POST http://127.0.0.1:${SCORE_FEED_PORT}/control/events/<id>/final {"home":3,"away":1}.
SCORE_FEED_PORT="${SCORE_FEED_PORT:-12113}"
# The local error reports stand-in (scripts/error-standin): a Sentry-protocol server that keeps what it receives.
ERRORS_PORT="${ERRORS_PORT:-12114}"

[ -f .dev.vars ] || cp .dev.vars.example .dev.vars
npm run build --silent
npx tsx scripts/migrate-local.ts >/dev/null
npx tsx scripts/seed.ts

cat <<MSG

  Pickstreak is starting at http://localhost:${PORT}
  Demo accounts (password: password123):
    admin@example.com   (admin)
    player@example.com  (player)
  Emails sent locally: http://localhost:${PORT}/api/dev/outbox/view (as JSON: /api/dev/outbox)
  Payments go to the local Stripe stand-in at http://127.0.0.1:${STRIPE_PORT} (promo codes: WELCOME10, STREAK25)
  Push notifications go to the local push stand-in: http://127.0.0.1:${PUSH_PORT}/messages
  Linked questions resolve from the local score feed stand-in at http://127.0.0.1:${SCORE_FEED_PORT}
  Error reports go to the local error reports stand-in: http://127.0.0.1:${ERRORS_PORT}/control/events

MSG
STRIPE_SECRET_KEY="$STRIPE_SECRET_KEY" STRIPE_WEBHOOK_SECRET="$STRIPE_WEBHOOK_SECRET" \
  node --import tsx scripts/stripe-standin/main.ts --port "$STRIPE_PORT" --webhook-url "http://127.0.0.1:${PORT}/api/stripe/webhook" &
STANDIN_PID=$!
node --import tsx scripts/push-standin/main.ts --port "$PUSH_PORT" &
PUSH_PID=$!
node --import tsx scripts/score-feed-standin/main.ts --port "$SCORE_FEED_PORT" &
SCORE_FEED_PID=$!
node --import tsx scripts/error-standin/main.ts --port "$ERRORS_PORT" &
ERRORS_PID=$!
# Local workerd does not fire crons by itself: tick the every-minute jobs (settlement, contests, leaderboard windows).
( while sleep 60; do curl -fsS -o /dev/null "http://127.0.0.1:${PORT}/__scheduled?cron=*+*+*+*+*" || true; done ) &
TICKER_PID=$!
trap 'kill "$STANDIN_PID" "$PUSH_PID" "$SCORE_FEED_PID" "$ERRORS_PID" "$TICKER_PID" 2>/dev/null || true' EXIT
npx wrangler dev --local --ip 127.0.0.1 --port "$PORT" --test-scheduled --var "APP_URL:http://localhost:${PORT}" \
  --var "STRIPE_API_HOST:127.0.0.1" --var "STRIPE_API_PORT:${STRIPE_PORT}" --var "STRIPE_API_PROTOCOL:http" \
  --var "STRIPE_SECRET_KEY:${STRIPE_SECRET_KEY}" --var "STRIPE_WEBHOOK_SECRET:${STRIPE_WEBHOOK_SECRET}" \
  --var "PUSH_STANDIN_URL:http://127.0.0.1:${PUSH_PORT}" --var "SCORE_FEED_URL:http://127.0.0.1:${SCORE_FEED_PORT}" \
  --var "SENTRY_DSN:http://standin@127.0.0.1:${ERRORS_PORT}/1" --var "SENTRY_RELEASE:$(git rev-parse --short HEAD 2>/dev/null || echo local)"
