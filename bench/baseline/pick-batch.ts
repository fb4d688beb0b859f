/**
 * The writes of one pick on its player's shard, reduced to shard-migrations/' tables: the spend (checked in SQL), its
 * ledger row, the pick, the idempotency receipt, the activity entry and the question's counters. The baseline worker
 * runs it through D1 and the shards scenario replays it on a copy of a shard's file to time the SQL alone.
 */
export type SqlStatement = { sql: string; args: (string | number)[] };

export const pickBatch = (id: string, user: string, question: string, now: number): SqlStatement[] => {
  const key = `pick:${user}:${question}`;
  return [
    {
      sql: "UPDATE credits SET balance = balance - 2, total_spent = total_spent + 2 WHERE user_id = ? AND balance >= 2",
      args: [user],
    },
    {
      sql: "INSERT INTO ledger (id, user_id, amount, idempotency_key, question_id, created_at) SELECT ?, ?, -2, ?, ?, ? WHERE changes() = 1",
      args: [`l${id}`, user, key, question, now],
    },
    {
      sql: "INSERT INTO picks (id, user_id, question_id, choice, created_at) VALUES (?, ?, ?, 'yes', ?)",
      args: [`p${id}`, user, question, now],
    },
    {
      sql: "INSERT INTO receipts (user_id, idempotency_key, body, created_at) VALUES (?, ?, '{}', ?)",
      args: [user, key, now],
    },
    {
      sql: "INSERT INTO activity (id, user_id, question_id, created_at) VALUES (?, ?, ?, ?)",
      args: [`a${id}`, user, question, now],
    },
    {
      sql: "UPDATE questions SET pick_count = pick_count + 1, yes_count = yes_count + 1 WHERE id = ? AND deadline > ?",
      args: [question, now],
    },
  ];
};
