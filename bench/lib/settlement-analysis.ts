import { createClient, type Client } from "@libsql/client";
import type { SettlementPass, SettlementTrace } from "../scenarios/settlement";
import { SETTLEMENT } from "../config";
import type { ScenarioResult } from "./results";
import { percentile, round } from "../../scripts/lib/stats";

export type CronJobRun = { startedAt: number; ms: number; detail: string };
export type SettlementAnalysis = {
  batches: number;
  picksPerBatch: number;
  timedBatches: number;
  batchMedianMs: number;
  batchP99Ms: number;
  batchMaxMs: number;
  batchesOver1s: number;
  /** From the first to the last batch of the last pass: settling alone, without the live events still going out. */
  settleSeconds: number;
  cronJobs: CronJobRun[];
};

type Stamp = { at: number; picks: number };

/** Each pass's batches are consecutive, so the gap between two stamps of one pass is one chunk's reads and batch. */
const batchDurations = (stamps: Stamp[], passes: SettlementPass[]) => {
  const durations: number[] = [];
  passes.forEach((pass, i) => {
    const end = passes[i + 1]?.startedAt ?? Number.POSITIVE_INFINITY;
    const inPass = stamps.filter((stamp) => stamp.at >= pass.startedAt && stamp.at < end).map((stamp) => stamp.at);
    inPass.slice(1).forEach((at, j) => durations.push(at - (inPass[j] ?? at)));
  });
  return durations;
};

/** The settle job's own record (worker/cron/record-run.ts): its duration includes publishing the live events. */
const cronJobs = async (db: Client, since: number): Promise<CronJobRun[]> => {
  const table = await db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cron_runs'");
  if (table.rows.length === 0) return [];
  const { rows } = await db.execute({
    sql: "SELECT started_at, finished_at, detail FROM cron_runs WHERE job = 'settleQueuedQuestions' AND started_at >= ? ORDER BY started_at",
    args: [since],
  });
  return rows.map((row) => ({ startedAt: Number(row.started_at), ms: Number(row.finished_at) - Number(row.started_at), detail: String(row.detail) }));
};

/**
 * Settlement stamps every pick of a chunk with the chunk's start (settled_at). Read from the D1 file after workerd
 * has stopped. The last chunk of each pass has no later stamp, so it is the one chunk per pass not timed.
 */
export const analyseSettlement = async (file: string, trace: SettlementTrace): Promise<SettlementAnalysis> => {
  const db = createClient({ url: `file:${file}` });
  try {
    const { rows } = await db.execute({
      sql: "SELECT settled_at AS at, count(*) AS picks FROM user_picks WHERE question_id = ? AND settled_at >= ? GROUP BY settled_at ORDER BY settled_at",
      args: [trace.questionId, trace.passes[0]?.startedAt ?? 0],
    });
    const stamps = rows.map((row) => ({ at: Number(row.at), picks: Number(row.picks) }));
    const durations = batchDurations(stamps, trace.passes);
    const picks = stamps.reduce((sum, stamp) => sum + stamp.picks, 0);
    return {
      batches: stamps.length,
      picksPerBatch: round(picks / Math.max(1, stamps.length), 1),
      timedBatches: durations.length,
      batchMedianMs: percentile(durations, 50),
      batchP99Ms: percentile(durations, 99),
      batchMaxMs: percentile(durations, 100),
      batchesOver1s: durations.filter((ms) => ms > 1000).length,
      settleSeconds: round(((stamps.at(-1)?.at ?? 0) - (trace.passes[0]?.startedAt ?? 0)) / 1000, 1),
      cronJobs: await cronJobs(db, trace.passes[0]?.startedAt ?? 0),
    };
  } finally {
    db.close();
  }
};

/** How long each cron call waited for the pass before it (its live events) after that pass stopped settling. */
const eventWaits = (passes: SettlementPass[]) =>
  passes.slice(1).map((pass, i) => pass.answeredAt - (passes[i]?.settledAt ?? pass.startedAt));

export const settlementResult = (trace: SettlementTrace, analysis: SettlementAnalysis, budget: string): ScenarioResult => {
  const settled = trace.picks - (trace.passes.at(-1)?.pendingAfter ?? trace.picks);
  const seconds = trace.totalMs / 1000;
  const outcome = trace.passes[0];
  return {
    id: "settlement",
    title: `Settlement of one question with ${trace.picks.toLocaleString("en-US")} picks (the outcome request, then the every-minute cron)`,
    figures: {
      settledPicks: settled,
      totalSeconds: round(seconds, 1),
      picksPerSecond: Math.round(settled / seconds),
      ...(trace.complete ? {} : { projectedSeconds: Math.round((seconds * trace.picks) / Math.max(1, settled)) }),
      outcomeRequestSeconds: outcome ? round((outcome.answeredAt - outcome.startedAt) / 1000, 1) : 0,
      cronCalls: trace.passes.length - 1,
      ...(trace.passes.length > 1 ? { eventWaitMedianSeconds: round(percentile(eventWaits(trace.passes), 50) / 1000, 1) } : {}),
      batches: analysis.batches,
      batchMedianMs: analysis.batchMedianMs,
      batchP99Ms: analysis.batchP99Ms,
      batchMaxMs: analysis.batchMaxMs,
    },
    budget,
    verdict: trace.complete && analysis.batchesOver1s === 0 ? "met" : "not met",
    note: trace.complete ? undefined : `Not finished within the bench's ${SETTLEMENT.maxMs / 60_000}-minute bound for this scenario.`,
    runs: { passes: trace.passes, analysis },
  };
};
