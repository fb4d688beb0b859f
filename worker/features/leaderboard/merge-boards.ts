import { LEADERBOARD_MERGED_PER_SHARD } from "../../config";
import { shardMap } from "../../db/shards";

const PERIOD_DAYS = [3, 7] as const;

type ShardBoards = { periods: unknown[]; totals: unknown[]; periodScores: unknown[]; pointScores: unknown[] };

/** One round trip per shard: its best rows of each board and its whole histograms of results. */
const readShard = async (d1: D1Database): Promise<ShardBoards> => {
  const top = PERIOD_DAYS.map((days) =>
    d1
      .prepare(
        `SELECT days, user_id, wins, losses, net_credits FROM leaderboard_periods WHERE days = ? AND wins + losses > 0
         ORDER BY wins DESC, rate DESC, net_credits DESC, user_id LIMIT ?`,
      )
      .bind(days, LEADERBOARD_MERGED_PER_SHARD),
  );
  const [three, seven, totals, periodScores, pointScores] = await d1.batch([
    ...top,
    d1
      .prepare(
        `SELECT user_id, wins, losses, voids, net_credits, pick_points, prize_points FROM leaderboard_totals
         WHERE settled > 0 OR prize_points > 0 ORDER BY points DESC, user_id LIMIT ?`,
      )
      .bind(LEADERBOARD_MERGED_PER_SHARD),
    d1.prepare("SELECT days, wins, losses, net_credits, players FROM leaderboard_period_scores"),
    d1.prepare("SELECT points, players FROM leaderboard_point_scores"),
  ]);
  return {
    periods: [...three!.results, ...seven!.results],
    totals: totals!.results,
    periodScores: periodScores!.results,
    pointScores: pointScores!.results,
  };
};

/**
 * The leaderboards across user shards (docs/decisions/user-shards.md): every minute the catalogue's boards are
 * replaced, in one batch, by each shard's best rows (so the overall best LEADERBOARD_MERGED_PER_SHARD of every board
 * are there, in order) and by the sum of the shards' histograms of results, from which any player's rank is counted.
 * The boards' triggers move the catalogue's histograms while the rows go in; the summed histograms then replace them.
 * A row whose player has no directory entry in the catalogue is left out rather than breaking the batch.
 */
export const mergeBoards = async (env: Env) => {
  const map = shardMap(env);
  if (map.sharesCatalogue) return { merged: false };
  const shards = await Promise.all(map.shards.map(({ db }) => readShard(db)));
  const all = (pick: (boards: ShardBoards) => unknown[]) => JSON.stringify(shards.flatMap(pick));
  const d1 = env.DB;
  const known = "EXISTS (SELECT 1 FROM users WHERE id = value ->> 'user_id')";
  await d1.batch([
    d1.prepare("DELETE FROM leaderboard_periods"),
    d1.prepare("DELETE FROM leaderboard_totals"),
    d1
      .prepare(
        `INSERT INTO leaderboard_periods (days, user_id, wins, losses, net_credits)
         SELECT value ->> 'days', value ->> 'user_id', value ->> 'wins', value ->> 'losses', value ->> 'net_credits'
         FROM json_each(?) WHERE ${known}`,
      )
      .bind(all((boards) => boards.periods)),
    d1
      .prepare(
        `INSERT INTO leaderboard_totals (user_id, wins, losses, voids, net_credits, pick_points, prize_points)
         SELECT value ->> 'user_id', value ->> 'wins', value ->> 'losses', value ->> 'voids', value ->> 'net_credits',
           value ->> 'pick_points', value ->> 'prize_points'
         FROM json_each(?) WHERE ${known}`,
      )
      .bind(all((boards) => boards.totals)),
    d1.prepare("DELETE FROM leaderboard_period_scores"),
    d1
      .prepare(
        `INSERT INTO leaderboard_period_scores (days, wins, losses, net_credits, players)
         SELECT value ->> 'days', value ->> 'wins', value ->> 'losses', value ->> 'net_credits', SUM(value ->> 'players')
         FROM json_each(?) GROUP BY 1, 2, 3, 4`,
      )
      .bind(all((boards) => boards.periodScores)),
    d1.prepare("DELETE FROM leaderboard_point_scores"),
    d1
      .prepare(
        `INSERT INTO leaderboard_point_scores (points, players)
         SELECT value ->> 'points', SUM(value ->> 'players') FROM json_each(?) GROUP BY 1`,
      )
      .bind(all((boards) => boards.pointScores)),
  ]);
  return { merged: true, rows: shards.reduce((sum, boards) => sum + boards.periods.length + boards.totals.length, 0) };
};
