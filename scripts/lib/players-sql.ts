/**
 * The bench players, shared by the bench's dataset and the soak: ids bench-user-000042, one password for all,
 * and their starting credits written as ledger rows so balance = sum(amount) holds by construction.
 */

const DAY = 24 * 3_600_000;

const counter = (name: string, count: number) =>
  `WITH RECURSIVE ${name}(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM ${name} WHERE i < ${count - 1})`;

export const userId = (index: number) => `bench-user-${String(index).padStart(6, "0")}`;
export const userEmail = (index: number) => `bench${String(index).padStart(6, "0")}@example.com`;

/** ?1 hash, ?2 salt, ?3 iterations of the shared bench password. */
export const usersSql = (count: number, now: number) => `
  ${counter("n", count)}
  INSERT INTO users (id, email, password_hash, password_salt, password_iterations, email_confirmed_at, role, username,
    country, referral_code, created_at, updated_at)
  SELECT printf('bench-user-%06d', i), printf('bench%06d@example.com', i), ?1, ?2, ?3, ${now - 40 * DAY}, 'player',
    printf('bench_%06d', i), CASE i % 10 WHEN 0 THEN 'GB' WHEN 1 THEN 'CA' ELSE 'US' END, printf('BENCH%06d', i),
    ${now - 40 * DAY} + i, ${now - 40 * DAY} + i
  FROM n`;

/** The sign-up bonus and starting credits (enough for every generated and benched pick), before any spend. */
export const startingCreditsSql = (idPrefix: string, key: string, amount: number, description: string) => `
  INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, description, created_at)
  SELECT '${idPrefix}' || id, id, ${amount}, 'bonus', 'bonus', '${key}' || id, '${description}', created_at
  FROM users WHERE id LIKE 'bench-user-%' ORDER BY id`;

/** The cached balances from the ledger rows, so balance = sum(amount) holds by construction. */
export const userCreditsSql = `
  INSERT INTO user_credits (user_id, balance, redeemable, total_earned, total_spent, created_at, updated_at)
  SELECT user_id, SUM(amount), SUM(iif(source = 'winnings' AND amount > 0, amount, 0)), SUM(iif(amount > 0, amount, 0)),
    -SUM(iif(transaction_type = 'spend', amount, 0)), MIN(created_at), MAX(created_at)
  FROM credit_transactions WHERE user_id LIKE 'bench-user-%' GROUP BY user_id`;
