import { dataContext } from "../db/data-context";
import { reportError } from "../lib/error-reports";
import { log } from "../lib/log";
import { auditLedgerDaily } from "./audit-ledger";
import { recordCronRun } from "./record-run";
import type { CronJob } from "./cron.types";
import { publishScheduledQuestions } from "./publish-scheduled";
import { pruneExpiredRows } from "./prune-expired";
import { refreshExchangeRates } from "./refresh-exchange-rates";
import { settleQueuedQuestions } from "./settle-queued";
import { payContests } from "./pay-contests";
import { advanceLeaderboards } from "./advance-leaderboards";
import { sendPushNotifications } from "./send-push-notifications";
import { sendEmails } from "./send-emails";
import { watchHealth } from "./watch-health";
import { resolveFromScoreFeed } from "./resolve-score-feed";
import { foldPickCounts } from "../features/questions/pick-counts";
import { sweepReferrerBonuses } from "../features/referrals/referral-queue";

export const EVERY_MINUTE = "* * * * *";
export const HOURLY = "0 * * * *";
export const DAILY = "0 3 * * *";

/** Keys must match the crons in wrangler.toml. */
export const cronJobs: Record<string, Record<string, CronJob>> = {
  [EVERY_MINUTE]: {
    publishScheduledQuestions,
    resolveFromScoreFeed,
    settleQueuedQuestions,
    payContests,
    advanceLeaderboards,
    sendPushNotifications,
    sendEmails,
    foldPickCounts,
    watchHealth,
  },
  [HOURLY]: { pruneExpiredRows, refreshExchangeRates, sweepReferrerBonuses },
  [DAILY]: { auditLedgerDaily },
};

/**
 * The chores that write players' rows in their databases. While players are being moved they wait for the switch: a
 * write the source took after the copy would be lost at the delete. Each catches up on its next run.
 */
const WAIT_DURING_MOVE = new Set([
  "settleQueuedQuestions",
  "payContests",
  "sweepReferrerBonuses",
  "pruneExpiredRows",
  "sendPushNotifications",
  "sendEmails",
]);

/** Runs every job of a cron expression; one failing job is logged and does not stop the others. */
export const runScheduled = async (cron: string, env: Env, now = Date.now()) => {
  const jobs = cronJobs[cron];
  if (!jobs) {
    log("warn", "cron_unknown_expression", { cron });
    return {};
  }
  const outcomes: Record<string, unknown> = {};
  const data = dataContext(env);
  for (const [name, job] of Object.entries(jobs)) {
    if (data.anyMoving && WAIT_DURING_MOVE.has(name)) {
      outcomes[name] = { waiting: "shard move" };
      log("info", "cron_job_waiting_for_move", { cron, job: name });
      continue;
    }
    const startedAt = Date.now();
    let ok = true;
    try {
      outcomes[name] = await job(data, now, env);
      log("info", "cron_job_done", { cron, job: name, result: outcomes[name] });
    } catch (error) {
      ok = false;
      outcomes[name] = { error: String(error) };
      log("error", "cron_job_failed", { cron, job: name, error: String(error) });
      await reportError(env, error, { kind: "cron", job: name, cron });
    }
    await recordCronRun(data.catalogue, { job: name, cron, startedAt, ok, detail: outcomes[name] });
  }
  return outcomes;
};
