import { createClient, type Client } from "@libsql/client";
import type { SettlementPass, SettlementTrace } from "../scenarios/settlement";
import { SETTLEMENT } from "../config";
import type { ScenarioResult } from "./results";
import { percentile, round } from "../../scripts/lib/stats";

export type CronJobRun = { startedAt: number; ms: number; detail: string };
export type SettlementAnalysis = {
  batches: number;
  picksPerBatch: number;
  /** The outcome request, each settle cron job and each turn of the queue's consumer between them. */
  settlerRuns: number;
  timedBatches: number;
  batchMedianMs: number;
  batchP99Ms: number;
  batchMaxMs: number;
  batchesOver1s: number;
  /** From the first to the last batch of the last pass: settling alone, without the live events still going out. */
  settleSeconds: number;
  cronJobs: CronJobRun[];
};

type Window = { from: number; to: number };

/**
 * Which run of which settler stamped a chunk: the outcome request, one settle cron job (its recorded start and end), or
 * the queue's consumer between two of those. In this scenario they take turns, each run a whole budget of chunks.
 */
const settlerRun = (at: number, settlers: Window[]) => {
  const inside = settlers.findIndex((window) => at >= window.from && at <= window.to);
  if (inside >= 0) return `settler ${inside}`;
  return `queue after ${settlers.filter((window) => window.from <= at).length}`;
};

/**
 * Each chunk is stamped with its start, and a run's chunks are consecutive, so the gap between two stamps of one run is
 * one chunk's reads and batch. A gap between two runs is none: it is the first run's live events, the next cron jobs
 * and the wait for the next call. A run's last chunk has no later stamp of its own and is not timed.
 */
export const chunkDurations = (stamps: number[], settlers: Window[]) => {
  const runs = new Map<string, number[]>();
  for (const at of [...stamps].sort((a, b) => a - b)) {
    const run = settlerRun(at, settlers);
    const ats = runs.get(run) ?? [];
    ats.push(at);
    runs.set(run, ats);
  }
  return {
    runs: runs.size,
    durations: [...runs.values()].flatMap((ats) => ats.slice(1).map((at, i) => at - (ats[i] ?? at))),
  };
};

/** The settle job's own record (worker/cron/record-run.ts): its duration includes publishing the live events. */
const cronJobs = async (db: Client, since: number): Promise<CronJobRun[]> => {
  const table = await db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cron_runs'");
  if (table.rows.length === 0) return [];
  const { rows } = await db.execute({
    sql: "SELECT started_at, finished_at, detail FROM cron_runs WHERE job = 'settleQueuedQuestions' AND started_at >= ? ORDER BY started_at",
    args: [since],
  });
  return rows.map((row) => ({
    startedAt: Number(row.started_at),
    ms: Number(row.finished_at) - Number(row.started_at),
    detail: String(row.detail),
  }));
};

/**
 * Settlement stamps every pick of a chunk with the chunk's start (settled_at). Read from the D1 file after workerd
 * has stopped, with the settle cron jobs' own records.
 */
export const analyseSettlement = async (file: string, trace: SettlementTrace): Promise<SettlementAnalysis> => {
  const db = createClient({ url: `file:${file}` });
  const outcome = trace.passes[0];
  const since = outcome?.startedAt ?? 0;
  try {
    const { rows } = await db.execute({
      sql: "SELECT settled_at AS at, count(*) AS picks FROM user_picks WHERE question_id = ? AND settled_at >= ? GROUP BY settled_at ORDER BY settled_at",
      args: [trace.questionId, since],
    });
    const stamps = rows.map((row) => ({ at: Number(row.at), picks: Number(row.picks) }));
    const jobs = await cronJobs(db, since);
    const settlers = [
      ...(outcome ? [{ from: outcome.startedAt, to: outcome.answeredAt }] : []),
      ...jobs.map((job) => ({ from: job.startedAt, to: job.startedAt + job.ms })),
    ];
    const { runs, durations } = chunkDurations(
      stamps.map((stamp) => stamp.at),
      settlers,
    );
    const picks = stamps.reduce((sum, stamp) => sum + stamp.picks, 0);
    return {
      batches: stamps.length,
      picksPerBatch: round(picks / Math.max(1, stamps.length), 1),
      settlerRuns: runs,
      timedBatches: durations.length,
      batchMedianMs: percentile(durations, 50),
      batchP99Ms: percentile(durations, 99),
      batchMaxMs: percentile(durations, 100),
      batchesOver1s: durations.filter((ms) => ms > 1000).length,
      settleSeconds: round(((stamps.at(-1)?.at ?? 0) - since) / 1000, 1),
      cronJobs: jobs,
    };
  } finally {
    db.close();
  }
};

/** How long each cron call waited for the pass before it (its live events) after that pass stopped settling. */
const eventWaits = (passes: SettlementPass[]) =>
  passes.slice(1).map((pass, i) => pass.answeredAt - (passes[i]?.settledAt ?? pass.startedAt));

export const settlementResult = (
  trace: SettlementTrace,
  analysis: SettlementAnalysis,
  budget: string,
): ScenarioResult => {
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
      ...(trace.passes.length > 1
        ? { eventWaitMedianSeconds: round(percentile(eventWaits(trace.passes), 50) / 1000, 1) }
        : {}),
      batches: analysis.batches,
      batchMedianMs: analysis.batchMedianMs,
      batchP99Ms: analysis.batchP99Ms,
      batchMaxMs: analysis.batchMaxMs,
    },
    budget,
    verdict: trace.complete && analysis.batchesOver1s === 0 ? "met" : "not met",
    note: trace.complete
      ? undefined
      : `Not finished within the bench's ${SETTLEMENT.maxMs / 60_000}-minute bound for this scenario.`,
    runs: { passes: trace.passes, analysis },
  };
};
