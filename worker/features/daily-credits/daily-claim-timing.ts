import { DAILY_CREDITS } from "../../config";
import type { dailyClaims } from "../../db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The least time between two claims whatever zones they report; under a day, so a late claim only delays the next. */
export const CLAIM_GAP_MS = 20 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) at `now` for a player `tz` minutes behind UTC (JavaScript's getTimezoneOffset()). */
export const localDay = (now: number, tz: number) => new Date(now - tz * 60_000).toISOString().slice(0, 10);

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** When `day` ends for a player `tz` minutes behind UTC. */
const endOf = (day: string, tz: number) => Date.parse(`${day}T00:00:00Z`) + DAY_MS + tz * 60_000;

export const amountFor = (streak: number) =>
  Math.min(DAILY_CREDITS.cap, DAILY_CREDITS.base + DAILY_CREDITS.step * (streak - 1));

export type LastClaim = Pick<typeof dailyClaims.$inferSelect, "day" | "streak" | "tz" | "createdAt">;

/**
 * When the claim after `last` opens for a player now reporting `tz`: once its day has ended in the zone the day's
 * first claim kept (so another zone reported later the same day finds it still running) and in the zone reported now
 * (a claim's day only grows), and CLAIM_GAP_MS after it. A claim from before zones were kept counts in today's.
 */
export const opensAt = (last: LastClaim, tz: number) =>
  Math.max(endOf(last.day, last.tz ?? tz), endOf(last.day, tz), last.createdAt + CLAIM_GAP_MS);

export type NextClaim =
  { open: true; day: string; streak: number; amount: number } | { open: false; opensAt: number; streak: number };

/** The claim a player reporting `tz` may make at `now`, or, when none, when the next one opens. */
export const nextClaim = (last: LastClaim | null, now: number, tz: number): NextClaim => {
  const day = localDay(now, tz);
  if (!last) return { open: true, day, streak: 1, amount: amountFor(1) };
  const at = opensAt(last, tz);
  if (now < at) return { open: false, opensAt: at, streak: last.streak };
  // In a row by the calendar the last claim was counted in, whatever zone this one reports.
  const streak = localDay(now, last.tz ?? tz) === dayAfter(last.day) ? last.streak + 1 : 1;
  return { open: true, day, streak, amount: amountFor(streak) };
};
