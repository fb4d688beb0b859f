import { TOPIC_OF, type Notice, type PushTopic } from "./notices";

/** `s` is the subscription; a player who never chose gets every topic. Topics are our own constants, never input. */
const wants = (topic: PushTopic) =>
  `COALESCE((SELECT n.${topic} FROM notification_settings n WHERE n.user_id = s.user_id), 1) = 1`;

/** Numbered, because the statements name other parameters before the list and a bare `?` would count on from those. */
const numbered = (count: number) => Array.from({ length: count }, (_, i) => `?${i + 1}`).join(", ");

const INSERT = "INSERT INTO push_deliveries (id, subscription_id, dedupe_key, notice, next_attempt_at, created_at)";

/**
 * Queues a notice for each of a player's devices, inside the caller's batch: it is sent only if that batch commits,
 * and a replay of the batch finds the same dedupe key and queues nothing.
 */
export const queueNotice = (d1: D1Database, userId: string, dedupeKey: string, notice: Notice, now: number) =>
  d1
    .prepare(
      `${INSERT}
       SELECT lower(hex(randomblob(16))), s.id, ?2, ?3, ?4, ?4 FROM push_subscriptions s
       WHERE s.user_id = ?1 AND ${wants(TOPIC_OF[notice.kind])}
       ON CONFLICT DO NOTHING`,
    )
    .bind(userId, dedupeKey, JSON.stringify(notice), now);

/** After a settlement chunk's pick updates: each settled pick's result, keyed by its settlement version. */
export const queueSettledPicks = (d1: D1Database, pickIds: string[], version: number, now: number) => {
  const n = pickIds.length;
  return d1
    .prepare(
      `${INSERT}
       SELECT lower(hex(randomblob(16))), s.id, 'pick:' || p.id || ':' || ?${n + 1},
         json_object('kind', 'pick', 'pickId', p.id, 'questionTitle', q.title, 'status', p.status,
           'payout', p.actual_payout, 'spent', p.credits_spent),
         ?${n + 2}, ?${n + 2}
       FROM user_picks p JOIN questions q ON q.id = p.question_id JOIN push_subscriptions s ON s.user_id = p.user_id
       WHERE p.id IN (${numbered(n)}) AND p.status <> 'active' AND ${wants("picks")}
       ON CONFLICT DO NOTHING`,
    )
    .bind(...pickIds, version, now);
};

/** After the chunk's streak events are complete: each correction that lowered a streak, with the admin's reason. */
export const queueStreakCorrections = (d1: D1Database, pickIds: string[], version: number, now: number) => {
  const n = pickIds.length;
  return d1
    .prepare(
      `${INSERT}
       SELECT lower(hex(randomblob(16))), s.id, 'streak:' || e.pick_id || ':' || ?${n + 1},
         json_object('kind', 'streak', 'questionTitle', COALESCE(q.title, 'A question you picked'),
           'streakBefore', e.streak_before, 'streakAfter', e.streak_after, 'reason', e.reason),
         ?${n + 2}, ?${n + 2}
       FROM streak_events e LEFT JOIN questions q ON q.id = e.question_id JOIN push_subscriptions s ON s.user_id = e.user_id
       WHERE e.pick_id IN (${numbered(n)}) AND e.settlement_version = ?${n + 1}
         AND e.previous_result <> 'active' AND e.streak_after < e.streak_before AND ${wants("streaks")}
       ON CONFLICT DO NOTHING`,
    )
    .bind(...pickIds, version, now);
};
