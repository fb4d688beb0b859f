/**
 * Capacity of each part, per unit. Local figures come from bench/results.json when `npm run bench` has run on this
 * machine; production figures are Cloudflare's published limits and are marked as such.
 */
export type Limits = {
  /** Write batches (one pick, one settlement chunk) a single D1 database commits per second. */
  d1WritesPerSecond: number;
  /** Indexed reads a single D1 database (primary plus read replicas) serves per second. */
  d1ReadsPerSecond: number;
  /** Messages one Durable Object hub can push per second (sum over its sockets). */
  hubMessagesPerSecond: number;
  /** Hibernated sockets one hub holds comfortably. */
  socketsPerHub: number;
  /** Worker CPU milliseconds per API request, measured. */
  cpuMsPerRequest: number;
  /** D1 size limit per database, bytes (Cloudflare limit). */
  d1MaxBytes: number;
};

/** The part of bench/results.json this model reads (bench/report/write-report.ts writes it). */
type BenchResults = { scenarios?: { id: string; figures?: Record<string, number | string> }[] };

export const DEFAULT_LIMITS: Limits = {
  d1WritesPerSecond: 180,
  d1ReadsPerSecond: 300,
  hubMessagesPerSecond: 5_000,
  socketsPerHub: 10_000,
  cpuMsPerRequest: 3,
  d1MaxBytes: 10 * 1024 ** 3,
};

const figure = (results: BenchResults | null, id: string, name: string) => {
  const value = results?.scenarios?.find((scenario) => scenario.id === id)?.figures?.[name];
  return typeof value === "number" && value > 0 ? value : undefined;
};

/** Overrides the defaults with what this machine measured, where the benchmark produced a figure, and says which. */
export const limitsFrom = (results: BenchResults | null) => {
  // A database's write ceiling is its SQL time (one batch at a time); the app's own picks/s on this machine is also
  // bound by the one workerd process every database shares. The app's own pick batch timed alone wins, then the
  // shards scenario's smaller pick-shaped batch.
  const pickCeiling = figure(results, "pick-sql", "picksPerDbPerS");
  const sqlCeiling = pickCeiling ?? figure(results, "shards", "batchesPerDbPerS");
  const writes = sqlCeiling ?? figure(results, "picks", "rps");
  const reads = figure(results, "feed-throughput", "baselineRps");
  const limits: Limits = {
    ...DEFAULT_LIMITS,
    d1WritesPerSecond: writes ?? DEFAULT_LIMITS.d1WritesPerSecond,
    d1ReadsPerSecond: reads ?? DEFAULT_LIMITS.d1ReadsPerSecond,
  };
  const measured = [
    writes === undefined
      ? null
      : sqlCeiling === undefined
        ? "D1 write batches/s (POST /api/picks at 50 connections)"
        : pickCeiling !== undefined
          ? "D1 write batches/s per database (1,000 ms over the SQL time of the app's pick batch, bench scenario pick-sql)"
          : "D1 write batches/s per database (1,000 ms over the SQL time of a pick-shaped batch, bench scenario shards)",
    reads === undefined ? null : "D1 reads/s (the bare one-row SELECT baseline)",
  ].filter((name): name is string => name !== null);
  return { limits, measured };
};
