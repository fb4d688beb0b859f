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

type BenchResults = { scenarios?: Record<string, { median?: Record<string, number> }> };

export const DEFAULT_LIMITS: Limits = {
  d1WritesPerSecond: 180,
  d1ReadsPerSecond: 300,
  hubMessagesPerSecond: 5_000,
  socketsPerHub: 10_000,
  cpuMsPerRequest: 3,
  d1MaxBytes: 10 * 1024 ** 3,
};

/** Overrides the defaults with what this machine measured, where the benchmark produced a figure. */
export const limitsFrom = (results: BenchResults | null): Limits => {
  const rps = (name: string) => results?.scenarios?.[name]?.median?.requestsPerSecond;
  return {
    ...DEFAULT_LIMITS,
    d1WritesPerSecond: rps("picks") ?? DEFAULT_LIMITS.d1WritesPerSecond,
    d1ReadsPerSecond: rps("baseline-d1") ?? DEFAULT_LIMITS.d1ReadsPerSecond,
  };
};
