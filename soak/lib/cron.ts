import { CRON_TICK_MS, DRAIN_TICKS } from "../config";
import { count, sleep, type SoakContext } from "./context";
import type { Api } from "./session";

type AdminHealth = {
  settlementQueue: { questions: number; picks: number };
  pendingRedemptions: number;
  ledgerAudit: { violations: number };
  crons: { job: string; lastOk: boolean; failuresLastDay: number }[];
};

/**
 * The every-minute jobs (settlement, contests, scheduled questions, leaderboard windows), as Cloudflare's scheduler
 * runs them. Counted with the requests: an outcome other than "ok" is a 500.
 */
const tickCron = async (ctx: SoakContext) => {
  const startedAt = Date.now();
  const outcome = await ctx.scheduled("* * * * *").catch((error: unknown) => `no outcome: ${String(error)}`);
  ctx.metrics.record("every-minute cron", outcome === "ok" ? 200 : 500, Date.now() - startedAt, outcome);
  count(ctx.activity, "cron ticks");
};

export const runCronTicker = async (ctx: SoakContext) => {
  while (Date.now() + CRON_TICK_MS < ctx.stopAt) {
    await sleep(CRON_TICK_MS);
    await tickCron(ctx);
  }
};

/**
 * After the traffic: one more tick (so even a short run ticks the cron), then ticks until settlement has nothing
 * queued (an outcome request settles what its time budget allows and leaves the rest to the cron), so the audit
 * sees the ledger as it will stay. Answers the last health.
 */
export const drainSettlement = async (ctx: SoakContext, admin: Api) => {
  let health: AdminHealth | null = null;
  for (let tick = 1; tick <= DRAIN_TICKS.max; tick++) {
    await tickCron(ctx);
    health = (await admin<AdminHealth>("GET /api/admin/health", "GET", "/api/admin/health")).data;
    if (health && health.settlementQueue.questions === 0) return { health, ticks: tick };
    await sleep(DRAIN_TICKS.everyMs);
  }
  ctx.log(`settlement still had work queued after ${DRAIN_TICKS.max} cron ticks`);
  return { health, ticks: DRAIN_TICKS.max };
};
