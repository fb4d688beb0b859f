/**
 * Sizes, pacing and pass thresholds of `npm run soak` (issue 12). Only the length, the crowd and the warm-up come from the
 * environment (SOAK_MINUTES, SOAK_PLAYERS, SOAK_WARMUP_REQUESTS), and the shard map (USER_SHARD_MAP, as for `npm start`).
 */

const fromEnv = (name: string, fallback: number, min = Number.MIN_VALUE) => {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number of at least ${min}, got "${raw}"`);
  return value;
};

/**
 * Before the players, this many GET /api/health (10 at a time): workerd and V8 size their heaps and pools over the
 * first thousands of requests whatever the worker does (in the last full run 91 to 130 MB, then 123 MB after a full
 * collection), so without this the memory check would measure that ramp, not the app under traffic.
 */
export const WARMUP_CONCURRENCY = 10;

/**
 * `npm run soak -- --short` (or SOAK_SHORT=1), the run `npm test` makes: 2 minutes, fewer players and a short warm-up
 * by default, every check but the memory trend (which needs the full length to mean anything: it is measured and
 * shown, not judged), and results kept under .wrangler/ instead of soak/REPORT.md and bench/REPORT.md.
 */
export const SHORT = process.argv.includes("--short") || process.env.SOAK_SHORT === "1";

export const SOAK = {
  minutes: fromEnv("SOAK_MINUTES", SHORT ? 2 : 10),
  players: Math.round(fromEnv("SOAK_PLAYERS", SHORT ? 50 : 200, 1)),
  warmupRequests: Math.round(fromEnv("SOAK_WARMUP_REQUESTS", SHORT ? 1_000 : 20_000, 0)),
} as const;

/** A player waits this long between two actions (uniform): people read a card before they pick it. */
export const THINK_MS = { min: 2_000, max: 8_000 } as const;

/** Every player starts with these, on top of the 5-credit sign-up bonus; buying tops them up. */
export const STARTING_CREDITS = 150;
/** Below this balance a player is likely to buy. */
export const LOW_BALANCE = 25;

/**
 * Questions written with the players: some close during the soak (so the admin resolves them and players win
 * redeemable credits), the rest stay open for days, like a real feed.
 */
export const SEEDED_QUESTIONS = { closing: 60, open: 240 } as const;

/** The admin keeps this many short questions open, each closing 30 s to 2 min after it is written. */
export const ADMIN = {
  tickMs: 5_000,
  openShortQuestions: 12,
  shortDeadlineMs: { min: 30_000, max: 120_000 },
  /** Share of resolutions that void the question instead (every pick refunded). */
  voidShare: 0.05,
  /** Chance per round that one resolved question's outcome is changed or undone, as a correction would. */
  reviseShare: 0.15,
  rejectRedemptionShare: 0.2,
  healthEveryMs: 30_000,
} as const;

/** Local workerd does not fire crons: the soak ticks the every-minute jobs as scripts/start.sh does. */
export const CRON_TICK_MS = 60_000;
/** After the traffic stops, settlement gets this many extra ticks to empty its queue before the audit. */
export const DRAIN_TICKS = { max: 10, everyMs: 3_000 } as const;

export const MEMORY_SAMPLE_MS = 10_000;
/**
 * Memory levels off when the highest RSS of the traffic's second half is at most this much above the highest RSS
 * of its first half (which includes the warm-up): a leak keeps raising the peak, a warm cache does not.
 */
export const MEMORY_GROWTH_LIMIT_PCT = 10;

/** A request with no answer after this long counts as unanswered (and fails the soak, as a hidden 5xx could). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Access tokens live 15 minutes; players refresh them (as the web app does) once they are this old. */
export const REFRESH_AFTER_MS = 10 * 60_000;

/** The whole command stops, and cleans up, after the soak's own length plus this much for set-up and drain. */
export const OVERHEAD_TIMEOUT_MS = 15 * 60_000;
