import { LEADERBOARD_BUCKET_MS } from "../../config";
import type { SqlColumns } from "../../db/rows";
import type { leaderboardTotals, users } from "../../db/schema";

/**
 * The board queries, apart from the service so their plans can be checked. Each board is one row per player in an
 * index that holds the board's order, so a page is an index walk. A rank is the number of players ahead, summed
 * over the board's distinct results (migrations/0009_leaderboard_scores.sql), not counted player by player.
 * Ties share a rank (1, 2, 2, 4) and are listed by user id.
 */

/** A board row: the player, their totals, and `rate` (computed on the period boards, 0 on the all-time one). */
export type BoardRow = SqlColumns<typeof users, "username" | "country"> &
  SqlColumns<typeof leaderboardTotals, "user_id" | "wins" | "losses" | "net_credits"> & { points: number; rate: number };

/** The first hour inside a window of `days` ending now. */
export const windowStartHour = (days: number, now: number) =>
  Math.floor(now / LEADERBOARD_BUCKET_MS) - Math.round((days * 24 * 60 * 60 * 1000) / LEADERBOARD_BUCKET_MS) + 1;

const ON_PERIOD = (x: string) => `${x}.days = ?1 AND ${x}.wins + ${x}.losses > 0`;

const PLAYERS = "SELECT COALESCE(SUM(x.players), 0) FROM leaderboard_period_scores x WHERE x.days = ?1";

/** Players ahead of `t` on a period board (wins, then win rate, then net): three index ranges, not one OR. */
const periodAhead = (t: string) => `
  (${PLAYERS} AND x.wins > ${t}.wins)
  + (${PLAYERS} AND x.wins = ${t}.wins AND x.rate > ${t}.rate)
  + (${PLAYERS} AND x.wins = ${t}.wins AND x.rate = ${t}.rate AND x.net_credits > ${t}.net_credits)`;

/** ?1 days, ?2 offset, ?3 page size. `ahead` counts the players ahead of the page's first row. */
export const periodPageSql = `
  WITH page AS (
    SELECT t.user_id, t.wins, t.losses, t.net_credits, t.rate FROM leaderboard_periods t WHERE ${ON_PERIOD("t")}
    ORDER BY t.wins DESC, t.rate DESC, t.net_credits DESC, t.user_id LIMIT ?3 OFFSET ?2
  ),
  first AS (SELECT * FROM page LIMIT 1)
  SELECT p.user_id, u.username, u.country, p.wins, p.losses, p.net_credits, 0 AS points, p.rate,
    (SELECT ${periodAhead("first")} FROM first) AS ahead
  FROM page p JOIN users u ON u.id = p.user_id
  ORDER BY p.wins DESC, p.rate DESC, p.net_credits DESC, p.user_id`;

/** ?1 days, ?2 user id. */
export const periodRowSql = `
  SELECT t.user_id, u.username, u.country, t.wins, t.losses, t.net_credits, 0 AS points, t.rate, 1 + ${periodAhead("t")} AS rank
  FROM leaderboard_periods t JOIN users u ON u.id = t.user_id
  WHERE ${ON_PERIOD("t")} AND t.user_id = ?2`;

export const periodCountSql = `SELECT (${PLAYERS}) AS total`;

const RANKED = (x: string) => `(${x}.settled > 0 OR ${x}.prize_points > 0)`;
const allTimeAhead = (t: string) => `(SELECT COALESCE(SUM(x.players), 0) FROM leaderboard_point_scores x WHERE x.points > ${t}.points)`;

/** ?1 offset, ?2 page size. Points are pick winnings plus contest prizes. */
export const allTimePageSql = `
  WITH page AS (
    SELECT t.user_id, t.wins, t.losses, t.net_credits, t.points FROM leaderboard_totals t WHERE ${RANKED("t")}
    ORDER BY t.points DESC, t.user_id LIMIT ?2 OFFSET ?1
  ),
  first AS (SELECT * FROM page LIMIT 1)
  SELECT p.user_id, u.username, u.country, p.wins, p.losses, p.net_credits, p.points, 0 AS rate,
    (SELECT ${allTimeAhead("first")} FROM first) AS ahead
  FROM page p JOIN users u ON u.id = p.user_id
  ORDER BY p.points DESC, p.user_id`;

/** ?1 user id. */
export const allTimeRowSql = `
  SELECT t.user_id, u.username, u.country, t.wins, t.losses, t.net_credits, t.points, 0 AS rate, 1 + ${allTimeAhead("t")} AS rank
  FROM leaderboard_totals t JOIN users u ON u.id = t.user_id
  WHERE ${RANKED("t")} AND t.user_id = ?1`;

export const allTimeCountSql = "SELECT COALESCE(SUM(players), 0) AS total FROM leaderboard_point_scores";
