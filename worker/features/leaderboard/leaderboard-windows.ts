import { createDb } from "../../db/client";
import { leaderboardWindows } from "../../db/schema";
import { windowStartHour } from "./leaderboard.query";

type Window = typeof leaderboardWindows.$inferSelect;

/**
 * Moves a period board's window up to now: the hours that left it are subtracted and its start moves past them in
 * one batch, guarded on the start it read, so a concurrent run changes nothing and no hour is taken out twice.
 */
const advance = (d1: D1Database, window: Window, target: number) =>
  d1.batch([
    d1
      .prepare(
        `UPDATE leaderboard_periods SET wins = leaderboard_periods.wins - h.wins, losses = leaderboard_periods.losses - h.losses,
           net_credits = leaderboard_periods.net_credits - h.net_credits
         FROM (SELECT user_id, SUM(wins) AS wins, SUM(losses) AS losses, SUM(net_credits) AS net_credits
               FROM leaderboard_hours WHERE hour >= ?2 AND hour < ?3 GROUP BY user_id) h
         WHERE leaderboard_periods.days = ?1 AND leaderboard_periods.user_id = h.user_id
           AND EXISTS (SELECT 1 FROM leaderboard_windows WHERE days = ?1 AND start_hour = ?2)`,
      )
      .bind(window.days, window.startHour, target),
    d1.prepare("UPDATE leaderboard_windows SET start_hour = ?3 WHERE days = ?1 AND start_hour = ?2").bind(window.days, window.startHour, target),
    d1
      .prepare(
        `DELETE FROM leaderboard_periods WHERE days = ?1 AND wins = 0 AND losses = 0 AND net_credits = 0
           AND user_id IN (SELECT user_id FROM leaderboard_hours WHERE hour >= ?2 AND hour < ?3)`,
      )
      .bind(window.days, window.startHour, target),
  ]);

/** Slides every period window to `now`, then drops the hours no window holds any more. */
export const advanceLeaderboardWindows = async (d1: D1Database, now: number) => {
  const windows = await createDb(d1).select().from(leaderboardWindows);
  let advanced = 0;
  for (const window of windows) {
    const target = windowStartHour(window.days, now);
    if (target <= window.startHour) continue;
    await advance(d1, window, target);
    advanced += 1;
  }
  const pruned = await d1.prepare("DELETE FROM leaderboard_hours WHERE hour < (SELECT MIN(start_hour) FROM leaderboard_windows)").run();
  return { advanced, prunedHours: pruned.meta.changes };
};
