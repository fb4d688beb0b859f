import { and, eq, exists, gte, inArray, lt, min, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { leaderboardHours, leaderboardPeriods, leaderboardWindows } from "../../db/schema";
import { windowStartHour } from "./leaderboard.query";

type Window = typeof leaderboardWindows.$inferSelect;

const hours = leaderboardHours;
const periods = leaderboardPeriods;

/**
 * Moves a period board's window up to now: the hours that left it are subtracted and its start moves past them in
 * one batch, guarded on the start it read, so a concurrent run changes nothing and no hour is taken out twice.
 */
const advance = (d1: D1Database, window: Window, target: number) => {
  const db = createDb(d1);
  const leftWindow = and(gte(hours.hour, window.startHour), lt(hours.hour, target));
  const left = db
    .select({
      userId: hours.userId,
      wins: sql<number>`SUM(${hours.wins})`.as("left_wins"),
      losses: sql<number>`SUM(${hours.losses})`.as("left_losses"),
      netCredits: sql<number>`SUM(${hours.netCredits})`.as("left_net_credits"),
    })
    .from(hours)
    .where(leftWindow)
    .groupBy(hours.userId)
    .as("h");
  const unmoved = and(eq(leaderboardWindows.days, window.days), eq(leaderboardWindows.startHour, window.startHour));
  return d1.batch([
    writeStatement(
      d1,
      db
        .update(periods)
        .set({
          wins: sql`${periods.wins} - ${left.wins}`,
          losses: sql`${periods.losses} - ${left.losses}`,
          netCredits: sql`${periods.netCredits} - ${left.netCredits}`,
        })
        .from(left)
        .where(
          and(
            eq(periods.days, window.days),
            eq(periods.userId, left.userId),
            exists(db.select().from(leaderboardWindows).where(unmoved)),
          ),
        ),
    ),
    writeStatement(d1, db.update(leaderboardWindows).set({ startHour: target }).where(unmoved)),
    writeStatement(
      d1,
      db
        .delete(periods)
        .where(
          and(
            eq(periods.days, window.days),
            eq(periods.wins, 0),
            eq(periods.losses, 0),
            eq(periods.netCredits, 0),
            inArray(periods.userId, db.select({ userId: hours.userId }).from(hours).where(leftWindow)),
          ),
        ),
    ),
  ]);
};

/** Slides every period window to `now`, then drops the hours no window holds any more. */
export const advanceLeaderboardWindows = async (d1: D1Database, now: number) => {
  const db = createDb(d1);
  const windows = await db.select().from(leaderboardWindows);
  let advanced = 0;
  for (const window of windows) {
    const target = windowStartHour(window.days, now);
    if (target <= window.startHour) continue;
    await advance(d1, window, target);
    advanced += 1;
  }
  const pruned = await db
    .delete(hours)
    .where(lt(hours.hour, db.select({ start: min(leaderboardWindows.startHour) }).from(leaderboardWindows)));
  return { advanced, prunedHours: pruned.meta.changes };
};
