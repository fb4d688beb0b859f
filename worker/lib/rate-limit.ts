import type { Context, MiddlewareHandler } from "hono";
import type { RateLimitRule } from "../config";
import type { AppEnv } from "../env";
import { AppError } from "./errors";

export type RateLimitHit = { key: string; rule: RateLimitRule };

export const RATE_LIMITED_MESSAGE = "Too many requests. Please try again later.";

/** Every 429 says when to try again: whole seconds, at least one. */
export const rateLimited = (retryAfterMs: number) =>
  new AppError(
    "rate_limited",
    RATE_LIMITED_MESSAGE,
    {},
    { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );

/** Cloudflare sets CF-Connecting-IP at the edge (a client cannot forge it there); local requests without it share one bucket. */
export const clientIp = (c: Context): string => c.req.header("CF-Connecting-IP") ?? "unknown";

/** One atomic upsert per key: a fixed window that restarts once it has passed. */
const countHit = (d1: D1Database, { key, rule }: RateLimitHit, now: number) =>
  d1
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
       RETURNING count, window_start`,
    )
    .bind(key, now, rule.windowMs);

/**
 * Counts a hit on every key and throws 429 when any of them is over its limit, with Retry-After: the time until the
 * last of the exceeded windows restarts.
 */
export const enforceRateLimits = async (d1: D1Database, hits: RateLimitHit[], now = Date.now()) => {
  const results = await d1.batch<{ count: number; window_start: number }>(hits.map((hit) => countHit(d1, hit, now)));
  const waits = hits.flatMap((hit, i) => {
    const row = results[i]?.results[0];
    return row && row.count > hit.rule.limit ? [row.window_start + hit.rule.windowMs - now] : [];
  });
  if (waits.length > 0) throw rateLimited(Math.max(...waits));
};

/** Takes back one counted hit (a sign-in that turned out to be right is not a failure). */
export const refundRateLimitHit = (d1: D1Database, key: string) =>
  d1.prepare("UPDATE rate_limits SET count = MAX(count - 1, 0) WHERE key = ?").bind(key);

/** Counts one `action` by the request's client address, and throws 429 past the rule's limit. */
export const enforceIpRateLimit = (c: Context<AppEnv>, action: string, rule: RateLimitRule) =>
  enforceRateLimits(c.var.data.catalogue, [{ key: `${action}:ip:${clientIp(c)}`, rule }]);

export const rateLimitByIp =
  (action: string, rule: RateLimitRule): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await enforceIpRateLimit(c, action, rule);
    await next();
  };
