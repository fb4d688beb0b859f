import { NEWEST_RESOLVED_FIRST, placeholders, STREAKS_FROM_RESOLVED } from "./streak-sql";

/**
 * Raises users.max_streak to each listed user's current streak, in one statement (at most ~50 ids, under D1's
 * 100 bound parameters). Results come from the questions' outcomes, as readStreak reads them; settlement.test.ts
 * checks that the two agree.
 */
export const raiseMaxStreaks = (d1: D1Database, userIds: string[]) =>
  d1
    .prepare(
      `WITH resolved AS (
         SELECT p.user_id,
           CASE WHEN q.outcome = 'void' THEN 'void'
                WHEN (p.choice = 'yes' AND q.outcome IN ('A', 'over')) OR (p.choice = 'no' AND q.outcome IN ('B', 'under'))
                  THEN 'won'
                ELSE 'lost' END AS result,
           ${NEWEST_RESOLVED_FIRST} AS position
         FROM user_picks p JOIN questions q ON q.id = p.question_id
         WHERE p.user_id IN (${placeholders(userIds.length)}) AND q.outcome <> 'unresolved'
       ),
       ${STREAKS_FROM_RESOLVED}
       UPDATE users SET max_streak = streaks.streak
       FROM streaks WHERE users.id = streaks.user_id AND streaks.streak > users.max_streak`,
    )
    .bind(...userIds);
