/**
 * The worker test files that run a second time with players over two user shards as the map in force (the
 * `worker-two-shards` project), beyond the `*-shards.test.ts` files, which run their own two-shard cases in either
 * project. A file joins once its fixtures write players as sign-up does (createPlayer without a database, and the other
 * helpers that follow the map) and it reads player rows from their shard; docs/decisions/user-shards.md lists what is
 * left. Files whose tests touch no player row are not repeated.
 */
export const TWO_SHARD_SUITE = [
  "worker/cron/audit-ledger.test.ts",
  "worker/features/activity/activity-live.test.ts",
  "worker/features/activity/activity.service.test.ts",
  "worker/features/admin-audit/admin-audit.test.ts",
  "worker/features/admin-questions/admin-permissions.test.ts",
  "worker/features/admin-questions/admin-questions.test.ts",
  "worker/features/auth/account-names.test.ts",
  "worker/features/auth/account-ownership.test.ts",
  "worker/features/auth/login-lockout.test.ts",
  "worker/features/auth/login.test.ts",
  "worker/features/auth/password.test.ts",
  "worker/features/auth/session-hint.test.ts",
  "worker/features/bookmarks/bookmarks.test.ts",
  "worker/features/contact/contact-admin.test.ts",
  "worker/features/contact/contact.test.ts",
  "worker/features/contests/contest-prizes.test.ts",
  "worker/features/contests/contests-admin.test.ts",
  "worker/features/credits/ledger-reverse.test.ts",
  "worker/features/credits/ledger-winnings-debt.test.ts",
  "worker/features/credits/ledger.test.ts",
  "worker/features/dev/dev.test.ts",
  "worker/features/leaderboard/merge-boards.test.ts",
  "worker/features/live/live.test.ts",
  "worker/features/me/change-password.test.ts",
  "worker/features/me/detect-country.test.ts",
  "worker/features/payments/checkout.test.ts",
  "worker/features/picks/streak-history.test.ts",
  "worker/features/picks/streak.test.ts",
  "worker/features/questions/feed-session.test.ts",
  "worker/features/questions/feed.test.ts",
  "worker/features/rewards/rewards.test.ts",
  "worker/features/score-feed/score-feed-admin.test.ts",
  "worker/features/security/fuzz.test.ts",
  "worker/lib/d1-session.test.ts",
  "worker/lib/rate-limit.test.ts",
  "worker/lib/request-guard.test.ts",
  "worker/lib/write-pause.test.ts",
];
