/**
 * Raises users.max_streak to each listed user's current streak, in one statement (at most ~50 ids, under D1's
 * 100 bound parameters). It is the SQL twin of streak.ts `currentStreak` with readStreak's order: newest resolved
 * first, consecutive wins until the first loss, voids skipped. settlement.test.ts checks that the two agree.
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
           ROW_NUMBER() OVER (PARTITION BY p.user_id ORDER BY q.updated_at DESC, q.deadline DESC, p.created_at DESC) AS position
         FROM user_picks p JOIN questions q ON q.id = p.question_id
         WHERE p.user_id IN (${userIds.map(() => "?").join(", ")}) AND q.outcome <> 'unresolved'
       ),
       first_loss AS (SELECT user_id, MIN(position) AS position FROM resolved WHERE result = 'lost' GROUP BY user_id),
       streaks AS (
         SELECT r.user_id, SUM(r.result = 'won' AND (l.position IS NULL OR r.position < l.position)) AS streak
         FROM resolved r LEFT JOIN first_loss l ON l.user_id = r.user_id
         GROUP BY r.user_id
       )
       UPDATE users SET max_streak = streaks.streak
       FROM streaks WHERE users.id = streaks.user_id AND streaks.streak > users.max_streak`,
    )
    .bind(...userIds);
