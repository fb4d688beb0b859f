/** Sizes, durations and budgets of `npm run bench` (issue 11). Budgets are the issue's; ratios are app / baseline. */

export const DATASET = {
  questions: 10_000,
  users: 100_000,
  /** Every user has exactly this many picks, so picks = users x this = 1,000,000. */
  picksPerUser: 10,
} as const;

/** Runs per scenario; the report keeps the median. */
export const RUNS = 3;
/** Throughput runs: connections and seconds (after a warm-up); latency runs use one connection. */
export const LOAD = {
  connections: 50,
  seconds: 8,
  warmupSeconds: 2,
  latencySeconds: 3,
  latencyWarmupSeconds: 1,
} as const;

/** Users who log in through the API and post picks in the write scenario. */
export const PICKING_USERS = 200;
/** `quietMs`: before each pick, the sockets have been silent this long (the previous pick's frames all read). */
export const LIVE = { sockets: 1_000, picksPerRun: 20, receiptTimeoutMs: 5_000, quietMs: 100 } as const;
/** Settlement: cron calls and wall time are bounded so a slow settlement cannot hold the bench past its 15 minutes. */
export const SETTLEMENT = { maxCronCalls: 40, maxMs: 3.5 * 60_000 } as const;

/** The last lighthouse whose engines accept Node 20 (13.x needs Node 22.19); installed on demand, see lighthouse.ts. */
export const LIGHTHOUSE_VERSION = "12.8.2";

/** Issue 25's budgets: the feed's and the picks' ratios are against bare handlers running the same SQL. */
export const BUDGETS = {
  healthRatio: 0.75,
  feedRatio: 0.85,
  feedP50Ms: 10,
  feedVariantP50Ms: 15,
  picksRatio: 0.85,
  settlementBatchMs: 1_000,
  leaderboardP50Ms: 20,
  liveP99Ms: 50,
  lighthouse: { performance: 95, accessibility: 95, bestPractices: 100, cls: 0.1, tbtMs: 150, lcpMs: 2_000 },
} as const;

/** The whole bench stops (and cleans up) after this long, whatever it is doing. */
export const BENCH_TIMEOUT_MS = 25 * 60_000;
