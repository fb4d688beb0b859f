import type { Outcome } from "./settle-pick";
import { NEWEST_RESOLVED_FIRST, placeholders, STREAKS_FROM_RESOLVED } from "./streak-sql";

export type StreakChange = {
  version: number;
  outcome: Outcome;
  fromOutcome: Outcome | null;
  reason: string | null;
  now: number;
};

/**
 * The chunk's picks and their players' streaks as the picks' own results stand at this point of the batch: placed
 * before the picks are settled it gives the streak before, after them the streak after. Binds the pick ids only, so a
 * chunk of 50 stays under D1's 100 parameters.
 */
const chunkStreaks = (pickCount: number) => `
  WITH chunk AS (SELECT id, user_id, question_id, choice, status FROM user_picks WHERE id IN (${placeholders(pickCount)})),
  resolved AS (
    SELECT p.user_id, p.status AS result, ${NEWEST_RESOLVED_FIRST} AS position
    FROM user_picks p JOIN questions q ON q.id = p.question_id
    WHERE p.user_id IN (SELECT user_id FROM chunk) AND p.status <> 'active'
  ),
  ${STREAKS_FROM_RESOLVED}`;

/**
 * The streak the player last saw: the previous event's streak after, so the timeline reads on without a gap. Computed
 * only for a player with no history yet: an outcome change moves its question to the top of the streak's order before
 * the chunk runs, so the computed value would already count the changed pick's old result as the newest.
 */
const STREAK_BEFORE = `COALESCE(
  (SELECT e.streak_after FROM streak_events e WHERE e.user_id = c.user_id AND e.streak_after IS NOT NULL
   ORDER BY e.created_at DESC, e.rowid DESC LIMIT 1),
  s.streak, 0)`;

/** What the pick becomes under the outcome: settle-pick.ts `settledState`, in SQL. */
const RESULT_UNDER_OUTCOME = `CASE WHEN ?1 = 'unresolved' THEN 'active' WHEN ?1 = 'void' THEN 'void'
  WHEN (c.choice = 'yes' AND ?1 IN ('A', 'over')) OR (c.choice = 'no' AND ?1 IN ('B', 'under')) THEN 'won' ELSE 'lost' END`;

/**
 * Two statements around a settlement chunk's pick updates: the first records each pick's change with its player's
 * streak before, the second fills in the streak after. Both run inside the chunk's guarded batch, so an event exists
 * exactly when its settlement does.
 */
export const streakEventStatements = (d1: D1Database, pickIds: string[], change: StreakChange) => {
  const offset = pickIds.length;
  const p = (n: number) => `?${offset + n}`;
  const record = d1
    .prepare(
      `${chunkStreaks(pickIds.length)}
       INSERT INTO streak_events (id, user_id, question_id, pick_id, settlement_version, previous_result, result,
         from_outcome, to_outcome, reason, streak_before, created_at)
       SELECT lower(hex(randomblob(16))), c.user_id, c.question_id, c.id, ${p(2)}, c.status,
         ${RESULT_UNDER_OUTCOME.replaceAll("?1", p(1))}, ${p(3)}, ${p(1)}, ${p(4)}, ${STREAK_BEFORE}, ${p(5)}
       FROM chunk c LEFT JOIN streaks s ON s.user_id = c.user_id
       WHERE true ON CONFLICT (pick_id, settlement_version) DO NOTHING`,
    )
    .bind(...pickIds, change.outcome, change.version, change.fromOutcome, change.reason, change.now);
  const complete = d1
    .prepare(
      `${chunkStreaks(pickIds.length)}
       UPDATE streak_events SET streak_after = COALESCE((SELECT streak FROM streaks s WHERE s.user_id = streak_events.user_id), 0)
       WHERE settlement_version = ${p(1)} AND pick_id IN (SELECT id FROM chunk)`,
    )
    .bind(...pickIds, change.version);
  return { record, complete };
};
