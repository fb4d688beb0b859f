import { SPORTS } from "#shared/sports";

/**
 * The large dataset as INSERT ... SELECT statements over recursive counters, so SQLite generates the rows itself
 * (no row crosses into JavaScript). Ids are readable and deterministic: bench-user-000042, bench-q-00042,
 * bench-pick-0000042. Every user has 10 picks: 7 on open questions, 2 on resolved ones, 1 on the hot question.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Question index ranges (of 10,000). The hot question gets every user's pick: the settlement scenario resolves it. */
export const QUESTIONS = {
  hot: 0,
  open: { from: 1, to: 8800 },
  draft: { from: 8800, to: 8900 },
  scheduled: { from: 8900, to: 9000 },
  resolved: { from: 9000, to: 9800 },
  /** Published, open, cost 1 and without generated picks: the write scenarios pick these. */
  reserve: { from: 9800, to: 10_000 },
} as const;

export const questionId = (index: number) => `bench-q-${String(index).padStart(5, "0")}`;

/** Each dataset player's live session, as after a sign-in: the SQL replays and bare handlers check it as the app does. */
const SESSION_PREFIX = "bench-session-";
export const benchSessionId = (userId: string) => `${SESSION_PREFIX}${userId}`;

export const sessionsSql = (now: number) => `
  INSERT INTO sessions (id, user_id, created_at, expires_at)
  SELECT '${SESSION_PREFIX}' || id, id, ${now}, ${now + 30 * 24 * 3_600_000} FROM users WHERE id LIKE 'bench-user-%'`;

const counter = (name: string, count: number) =>
  `WITH RECURSIVE ${name}(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM ${name} WHERE i < ${count - 1})`;

const sportsValues = SPORTS.map((sport, i) => `(${i}, '${sport.replaceAll("'", "''")}')`).join(", ");

const OPEN_COUNT = QUESTIONS.open.to - QUESTIONS.open.from;
const RESOLVED_COUNT = QUESTIONS.resolved.to - QUESTIONS.resolved.from;

const statusOf = `CASE
  WHEN i >= ${QUESTIONS.resolved.from} AND i < ${QUESTIONS.resolved.to} THEN 'resolved'
  WHEN i >= ${QUESTIONS.draft.from} AND i < ${QUESTIONS.draft.to} THEN 'draft'
  WHEN i >= ${QUESTIONS.scheduled.from} AND i < ${QUESTIONS.scheduled.to} THEN 'scheduled'
  ELSE 'published' END`;

/** Open deadlines spread over the next 30 days; resolved ones over the last 10 (so 3- and 7-day boards differ). */
export const questionsSql = (count: number, now: number) => `
  ${counter("n", count)}, sports(idx, name) AS (VALUES ${sportsValues}),
  base AS (
    SELECT i, ${statusOf} AS status,
      CASE WHEN i = ${QUESTIONS.hot} THEN 2 WHEN i >= ${QUESTIONS.reserve.from} THEN 1 WHEN i % 7 = 0 THEN 0 ELSE 1 + i % 5 END AS cost,
      CASE WHEN i % 6 = 3 THEN 'over_under' ELSE 'standard' END AS type
    FROM n
  ),
  timed AS (
    SELECT base.*,
      CASE WHEN status = 'resolved' THEN ${now} - ${DAY} - (i * 7919 % ${9 * 86_400}) * 1000
           ELSE ${now} + ${HOUR} + (i * 7919 % ${30 * 86_400}) * 1000 END AS deadline
    FROM base
  )
  INSERT INTO questions (id, title, sport_category, custom_category, credit_cost, deadline, status, publish_at, question_type,
    answer_option_a, answer_option_b, is_free_pick, is_player_prop, tags, outcome, settlement_version, settled_version,
    created_at, updated_at)
  SELECT printf('bench-q-%05d', i), printf('Will team %d beat team %d in %s match %d?', i % 97, (i * 7) % 89, s.name, i),
    s.name, CASE WHEN i % 50 = 25 THEN 'Esports' END, cost, deadline, status,
    CASE WHEN status = 'scheduled' THEN ${now + DAY} END, type,
    CASE type WHEN 'over_under' THEN 'Over' ELSE 'Yes' END, CASE type WHEN 'over_under' THEN 'Under' ELSE 'No' END,
    cost = 0, i % 9 = 4, CASE WHEN i % 9 = 4 THEN '["player_props"]' ELSE '[]' END,
    CASE WHEN status <> 'resolved' THEN 'unresolved' WHEN type = 'over_under' THEN iif(i % 2 = 0, 'over', 'under')
         ELSE iif(i % 2 = 0, 'A', 'B') END,
    status = 'resolved', status = 'resolved',
    CASE WHEN status = 'resolved' THEN deadline - ${2 * DAY} ELSE ${now} - 60000 - (i * 104729 % ${30 * 86_400}) * 1000 END,
    CASE WHEN status = 'resolved' THEN deadline + ${HOUR} ELSE ${now} - 60000 - (i * 104729 % ${30 * 86_400}) * 1000 END
  FROM timed JOIN sports s ON s.idx = i % ${SPORTS.length}`;

const pickTargets = (picksPerUser: number, users: number, now: number) => `
  ${counter("n", users * picksPerUser)},
  slots AS (SELECT i AS x, i / ${picksPerUser} AS u, i % ${picksPerUser} AS k FROM n),
  targets AS (
    SELECT x, u, k, CASE
      WHEN k < 7 THEN ${QUESTIONS.open.from} + (u * 31 + k * (1000 + u % 7)) % ${OPEN_COUNT}
      WHEN k < 9 THEN ${QUESTIONS.resolved.from} + (u * 13 + k * 401) % ${RESOLVED_COUNT}
      ELSE ${QUESTIONS.hot} END AS qi
    FROM slots
  ),
  priced AS (
    SELECT t.x, t.u, q.id AS question_id, q.credit_cost, q.outcome, q.settled_version, q.created_at AS q_created,
      q.updated_at AS q_settled, iif((t.u + t.k) % 2 = 0, 'yes', 'no') AS choice,
      iif(q.credit_cost = 0, 1, 1 + (t.u + t.k) % 3) AS multiplier
    FROM targets t JOIN questions q ON q.id = printf('bench-q-%05d', t.qi)
  ),
  judged AS (
    SELECT priced.*, credit_cost * multiplier AS spent, iif(credit_cost = 0, 2, credit_cost * multiplier * 2) AS payout,
      CASE WHEN outcome = 'unresolved' THEN 'active'
           WHEN (choice = 'yes' AND outcome IN ('A', 'over')) OR (choice = 'no' AND outcome IN ('B', 'under')) THEN 'won'
           ELSE 'lost' END AS status,
      MIN(${now} - 1000, q_created + 60000 + (x % 3600) * 1000) AS created
    FROM priced
  )`;

/** The picks (x = user * 10 + slot), priced and judged like submit-pick and settle-pick would have. */
export const picksSql = (picksPerUser: number, users: number, now: number) => `
  ${pickTargets(picksPerUser, users, now)}
  INSERT INTO user_picks (id, user_id, question_id, choice, credits_spent, multiplier, potential_payout, actual_payout,
    status, settled_version, created_at, updated_at, settled_at)
  SELECT printf('bench-pick-%07d', x), printf('bench-user-%06d', u), question_id, choice, spent, multiplier, payout,
    iif(status = 'won', payout, 0), status, settled_version, created, iif(status = 'active', created, q_settled),
    iif(status = 'active', NULL, q_settled)
  FROM judged ORDER BY x`;

export const spendsSql = `
  INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, question_id, pick_id,
    description, created_at)
  SELECT 'bench-spend-' || substr(id, 12), user_id, -credits_spent, 'spend', 'purchased',
    'pick:' || user_id || ':' || question_id, question_id, id, 'Pick', created_at
  FROM user_picks WHERE id LIKE 'bench-pick-%' AND credits_spent > 0 ORDER BY rowid`;

export const payoutsSql = `
  INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, question_id, pick_id,
    description, created_at)
  SELECT 'bench-payout-' || substr(id, 12), user_id, potential_payout, 'pick_payout', 'winnings',
    'payout:' || id || ':' || settled_version, question_id, id, 'Pick won', settled_at
  FROM user_picks WHERE id LIKE 'bench-pick-%' AND status = 'won' ORDER BY rowid`;

export const pickCountsSql = `
  UPDATE questions SET pick_count = (SELECT count(*) FROM user_picks p WHERE p.question_id = questions.id),
    yes_count = (SELECT count(*) FROM user_picks p WHERE p.question_id = questions.id AND p.choice = 'yes'),
    no_count = (SELECT count(*) FROM user_picks p WHERE p.question_id = questions.id AND p.choice = 'no')
  WHERE id LIKE 'bench-q-%'`;
