import { LEADERBOARD_BUCKET_MS } from "../../config";

/**
 * The leaderboards and contest scores are sums over settled picks, kept in step with them inside the batch that
 * changes the picks: `pickContributions(ids, -1)` before the change takes the picks' current contribution out,
 * `pickContributions(ids, 1)` after it puts the new one in. Both read the picks inside the batch, so the result is
 * exact whatever another writer did in between. At most 90 ids (numbered parameters, reused in each statement).
 */
export type Sign = 1 | -1;

const NET = "CASE status WHEN 'won' THEN potential_payout - credits_spent WHEN 'lost' THEN -credits_spent ELSE 0 END";

const idList = (ids: string[]) => ids.map((_, i) => `?${i + 1}`).join(", ");

const hours = (d1: D1Database, ids: string[], sign: Sign) =>
  d1
    .prepare(
      `INSERT INTO leaderboard_hours (user_id, hour, wins, losses, net_credits)
       SELECT user_id, settled_at / ${LEADERBOARD_BUCKET_MS}, ${sign} * SUM(status = 'won'), ${sign} * SUM(status = 'lost'), ${sign} * SUM(${NET})
       FROM user_picks WHERE id IN (${idList(ids)}) AND status IN ('won', 'lost') AND settled_at IS NOT NULL
       GROUP BY user_id, settled_at / ${LEADERBOARD_BUCKET_MS}
       ON CONFLICT (user_id, hour) DO UPDATE SET wins = wins + excluded.wins, losses = losses + excluded.losses,
         net_credits = net_credits + excluded.net_credits`,
    )
    .bind(...ids);

/** Only into windows that still hold the pick's hour: an hour before start_hour was already taken out. */
const periods = (d1: D1Database, ids: string[], sign: Sign) =>
  d1
    .prepare(
      `INSERT INTO leaderboard_periods (days, user_id, wins, losses, net_credits)
       SELECT w.days, p.user_id, ${sign} * SUM(p.status = 'won'), ${sign} * SUM(p.status = 'lost'), ${sign} * SUM(${NET})
       FROM user_picks p JOIN leaderboard_windows w ON p.settled_at / ${LEADERBOARD_BUCKET_MS} >= w.start_hour
       WHERE p.id IN (${idList(ids)}) AND p.status IN ('won', 'lost')
       GROUP BY w.days, p.user_id
       ON CONFLICT (days, user_id) DO UPDATE SET wins = wins + excluded.wins, losses = losses + excluded.losses,
         net_credits = net_credits + excluded.net_credits`,
    )
    .bind(...ids);

const totals = (d1: D1Database, ids: string[], sign: Sign) =>
  d1
    .prepare(
      `INSERT INTO leaderboard_totals (user_id, wins, losses, voids, net_credits, pick_points)
       SELECT user_id, ${sign} * SUM(status = 'won'), ${sign} * SUM(status = 'lost'), ${sign} * SUM(status = 'void'),
         ${sign} * SUM(${NET}), ${sign} * SUM(CASE WHEN status = 'won' THEN potential_payout ELSE 0 END)
       FROM user_picks WHERE id IN (${idList(ids)}) AND status <> 'active'
       GROUP BY user_id
       ON CONFLICT (user_id) DO UPDATE SET wins = wins + excluded.wins, losses = losses + excluded.losses,
         voids = voids + excluded.voids, net_credits = net_credits + excluded.net_credits,
         pick_points = pick_points + excluded.pick_points`,
    )
    .bind(...ids);

/** Scores of open contests only: a closed contest's standings are final. */
const contestScores = (d1: D1Database, ids: string[], sign: Sign) =>
  d1
    .prepare(
      `UPDATE contest_entries SET score = score + ${sign} * (
         SELECT count(*) FROM user_picks p JOIN contests c ON c.id = contest_entries.contest_id
         WHERE p.id IN (${idList(ids)}) AND p.user_id = contest_entries.user_id AND p.status = 'won'
           AND p.settled_at >= MAX(contest_entries.joined_at, c.starts_at) AND p.settled_at < c.ends_at)
       WHERE user_id IN (SELECT user_id FROM user_picks WHERE id IN (${idList(ids)}))
         AND contest_id IN (SELECT id FROM contests WHERE closed_at IS NULL)`,
    )
    .bind(...ids);

export const pickContributions = (d1: D1Database, pickIds: string[], sign: Sign): D1PreparedStatement[] =>
  pickIds.length === 0
    ? []
    : [
        hours(d1, pickIds, sign),
        periods(d1, pickIds, sign),
        totals(d1, pickIds, sign),
        contestScores(d1, pickIds, sign),
      ];
