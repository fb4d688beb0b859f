/**
 * The worker test files that run a second time with players over two databases as the map in force (the
 * `worker-two-shards` project): the data context's own tests and the paths that read or write across players, where
 * one database and two differ. Everything else reaches one player's database through the same context, so one run
 * covers it; the `*-shards.test.ts` files and the ledger property test build their own two-database cases in the main
 * project (docs/user-shards-guide.md, "How it is tested and measured").
 */
export const TWO_SHARD_SUITE = [
  "worker/db/data-context.test.ts",
  "worker/db/request-data.test.ts",
  "worker/db/write-pause.test.ts",
  "worker/cron/audit-ledger.test.ts",
  "worker/features/activity/activity.service.test.ts",
  "worker/features/admin-health/admin-health.test.ts",
  "worker/features/admin-questions/delete-question.test.ts",
  "worker/features/auth/signup.test.ts",
  "worker/features/contests/contest-join.test.ts",
  "worker/features/contests/contest-payout.test.ts",
  "worker/features/contests/contests.test.ts",
  "worker/features/leaderboard/aggregates.test.ts",
  "worker/features/leaderboard/leaderboard-windows.test.ts",
  "worker/features/leaderboard/leaderboard.test.ts",
  "worker/features/leaderboard/merge-boards.test.ts",
  "worker/features/me/delete-account.test.ts",
  "worker/features/notifications/push-queue.test.ts",
  "worker/features/payments/webhook.test.ts",
  "worker/features/questions/pick-counts.test.ts",
  "worker/features/questions/question-copies.test.ts",
  "worker/features/questions/question-detail.test.ts",
  "worker/features/redemptions/redemptions-admin.test.ts",
  "worker/features/redemptions/risk-signals.test.ts",
  "worker/features/referrals/referral-bonus.test.ts",
  "worker/features/referrals/referrals.test.ts",
  "worker/features/settlement/settlement-cron.test.ts",
  "worker/features/settlement/settlement-property.test.ts",
  "worker/features/settlement/settlement.test.ts",
  "worker/features/user-stats/user-stats.test.ts",
];
