import { env } from "cloudflare:test";
import { vi } from "vitest";
import { dataContext } from "../db/data-context";
import { shardMap } from "../db/shards";
import { adminActor } from "../features/admin-audit/admin-audit";
import { setOutcome } from "../features/settlement/outcome.service";
import type { Outcome } from "../features/settlement/settle-pick";
import { createPlayer } from "./players";
import { withQueuesCaught } from "./queues";
import { perTestFile } from "./test-file";

const fileAdmin = perTestFile(() => createPlayer());

/**
 * Sets an outcome as if an admin did it at `at`, so the settled picks count in that moment's hour; with several shards
 * each shard's settlement message is delivered before it answers.
 */
export const settleAt = async (questionId: string, outcome: Outcome, at: number) => {
  const admin = await fileAdmin();
  const { env: caught, deliverAll } = withQueuesCaught(env);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  try {
    const result = await setOutcome(dataContext(caught), {
      questionId,
      outcome,
      actor: adminActor(admin),
      now: at,
      reason: "Correction in a test",
    });
    await deliverAll();
    return result;
  } finally {
    vi.useRealTimers();
  }
};

type Totals = {
  user_id: string;
  wins: number;
  losses: number;
  voids: number;
  net_credits: number;
  pick_points: number;
};
type Hours = { user_id: string; hour: number; wins: number; losses: number; net_credits: number };
type Periods = { days: number; user_id: string; wins: number; losses: number; net_credits: number };
type Scores = { board: string; wins: number; losses: number; net_credits: number; players: number };

/** The boards' distinct results as the triggers keep them, and as they follow from the board rows themselves. */
const STORED_SCORES = `
  SELECT days AS board, wins, losses, net_credits, players FROM leaderboard_period_scores
  UNION ALL SELECT 'all', 0, 0, points, players FROM leaderboard_point_scores ORDER BY 1, 2, 3, 4`;
const GROUPED_SCORES = `
  SELECT days AS board, wins, losses, net_credits, count(*) AS players FROM leaderboard_periods WHERE wins + losses > 0
  GROUP BY days, wins, losses, net_credits
  UNION ALL SELECT 'all', 0, 0, points, count(*) FROM leaderboard_totals WHERE settled > 0 OR prize_points > 0
  GROUP BY points ORDER BY 1, 2, 3, 4`;

const NET = "CASE status WHEN 'won' THEN potential_payout - credits_spent WHEN 'lost' THEN -credits_spent ELSE 0 END";

/** Each user shard's answer, in the map's order: a shard keeps the aggregates of its own players. */
const perShard = <T>(read: (d1: D1Database) => Promise<T>) =>
  Promise.all(shardMap(env).shards.map(({ db }) => read(db)));

/** The aggregates as settlement keeps them in each shard, with rows that sum to nothing left out. */
export const storedAggregates = () => perShard(storedAggregatesIn);

/** The same aggregates computed from scratch from each shard's picks as they are now. */
export const recomputedAggregates = () => perShard(recomputedAggregatesIn);

const storedAggregatesIn = async (d1: D1Database) => {
  const [totals, hours, periods, scores] = await d1.batch([
    d1.prepare(
      `SELECT user_id, wins, losses, voids, net_credits, pick_points FROM leaderboard_totals
       WHERE wins <> 0 OR losses <> 0 OR voids <> 0 OR net_credits <> 0 OR pick_points <> 0 ORDER BY user_id`,
    ),
    d1.prepare(
      `SELECT user_id, hour, wins, losses, net_credits FROM leaderboard_hours
       WHERE wins <> 0 OR losses <> 0 OR net_credits <> 0 ORDER BY user_id, hour`,
    ),
    d1.prepare(
      `SELECT days, user_id, wins, losses, net_credits FROM leaderboard_periods
       WHERE wins <> 0 OR losses <> 0 OR net_credits <> 0 ORDER BY days, user_id`,
    ),
    d1.prepare(STORED_SCORES),
  ]);
  return {
    totals: totals?.results as Totals[],
    hours: hours?.results as Hours[],
    periods: periods?.results as Periods[],
    scores: scores?.results as Scores[],
  };
};

const recomputedAggregatesIn = async (d1: D1Database) => {
  const [totals, hours, periods, scores] = await d1.batch([
    d1.prepare(
      `SELECT user_id, SUM(status = 'won') AS wins, SUM(status = 'lost') AS losses, SUM(status = 'void') AS voids,
         SUM(${NET}) AS net_credits, SUM(CASE WHEN status = 'won' THEN potential_payout ELSE 0 END) AS pick_points
       FROM user_picks WHERE status <> 'active' GROUP BY user_id ORDER BY user_id`,
    ),
    d1.prepare(
      `SELECT user_id, settled_at / 3600000 AS hour, SUM(status = 'won') AS wins, SUM(status = 'lost') AS losses, SUM(${NET}) AS net_credits
       FROM user_picks WHERE status IN ('won', 'lost') GROUP BY user_id, settled_at / 3600000 ORDER BY user_id, hour`,
    ),
    d1.prepare(
      `SELECT w.days, p.user_id, SUM(p.status = 'won') AS wins, SUM(p.status = 'lost') AS losses, SUM(${NET}) AS net_credits
       FROM user_picks p JOIN leaderboard_windows w ON p.settled_at / 3600000 >= w.start_hour
       WHERE p.status IN ('won', 'lost') GROUP BY w.days, p.user_id ORDER BY w.days, p.user_id`,
    ),
    d1.prepare(GROUPED_SCORES),
  ]);
  return {
    totals: totals?.results as Totals[],
    hours: hours?.results as Hours[],
    periods: periods?.results as Periods[],
    scores: scores?.results as Scores[],
  };
};
