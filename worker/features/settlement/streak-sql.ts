/**
 * The streak in SQL, the twin of streak.ts `currentStreak` with readStreak's order: newest resolved first (by the
 * question's update time, then its deadline, then the pick's time), consecutive wins until the first loss, voids
 * skipped. `resolved(user_id, result, position)` is written by the caller; these follow it.
 */
export const NEWEST_RESOLVED_FIRST =
  "ROW_NUMBER() OVER (PARTITION BY p.user_id ORDER BY q.updated_at DESC, q.deadline DESC, p.created_at DESC)";

export const STREAKS_FROM_RESOLVED = `
  first_loss AS (SELECT user_id, MIN(position) AS position FROM resolved WHERE result = 'lost' GROUP BY user_id),
  streaks AS (
    SELECT r.user_id, SUM(r.result = 'won' AND (l.position IS NULL OR r.position < l.position)) AS streak
    FROM resolved r LEFT JOIN first_loss l ON l.user_id = r.user_id
    GROUP BY r.user_id
  )`;

export const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");
