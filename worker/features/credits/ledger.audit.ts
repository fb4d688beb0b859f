export type LedgerViolation = {
  kind:
    | "balance_mismatch"
    | "duplicate_key"
    | "negative_balance_from_spend"
    | "redeemable_exceeds_balance"
    | "redeemed_beyond_winnings";
  userId: string | null;
  detail: string;
};

const checks: Record<LedgerViolation["kind"], string> = {
  // Both directions: a credits row whose balance is not its ledger sum, and ledger rows with no credits row.
  balance_mismatch: `
    SELECT c.user_id, 'balance ' || c.balance || ' but ledger sum ' || COALESCE(t.total, 0) AS detail
    FROM user_credits c
    LEFT JOIN (SELECT user_id, SUM(amount) AS total FROM credit_transactions GROUP BY user_id) t ON t.user_id = c.user_id
    WHERE c.balance <> COALESCE(t.total, 0)
    UNION ALL
    SELECT t.user_id, 'no credits row but ledger sum ' || SUM(t.amount)
    FROM credit_transactions t LEFT JOIN user_credits c ON c.user_id = t.user_id
    WHERE c.user_id IS NULL GROUP BY t.user_id`,
  duplicate_key: `
    SELECT MIN(user_id) AS user_id, 'key ' || idempotency_key || ' used ' || COUNT(*) || ' times' AS detail
    FROM credit_transactions GROUP BY idempotency_key HAVING COUNT(*) > 1`,
  // rowid is insertion order, which created_at (same millisecond) and random ids cannot give.
  negative_balance_from_spend: `
    SELECT user_id, 'spend ' || id || ' left the balance at ' || running AS detail
    FROM (SELECT id, user_id, transaction_type, SUM(amount) OVER (PARTITION BY user_id ORDER BY rowid) AS running
          FROM credit_transactions)
    WHERE transaction_type IN ('spend', 'redemption') AND running < 0`,
  redeemable_exceeds_balance: `
    SELECT user_id, 'redeemable ' || redeemable || ' above balance ' || balance AS detail
    FROM user_credits WHERE redeemable > MAX(balance, 0)`,
  // Money out never exceeds winnings in (a rejected redemption's refund counts as winnings again).
  redeemed_beyond_winnings: `
    SELECT user_id, 'redeemed ' || SUM(CASE WHEN transaction_type = 'redemption' THEN -amount ELSE 0 END)
                    || ' but won ' || SUM(CASE WHEN source = 'winnings' AND amount > 0 THEN amount ELSE 0 END) AS detail
    FROM credit_transactions GROUP BY user_id
    HAVING SUM(CASE WHEN transaction_type = 'redemption' THEN -amount ELSE 0 END)
         > SUM(CASE WHEN source = 'winnings' AND amount > 0 THEN amount ELSE 0 END)`,
};

/** Every broken ledger invariant; an empty list means the cached balances agree with the ledger. */
export const auditLedger = async (d1: D1Database): Promise<LedgerViolation[]> => {
  const kinds = Object.keys(checks) as LedgerViolation["kind"][];
  const results = await d1.batch<{ user_id: string | null; detail: string }>(kinds.map((kind) => d1.prepare(checks[kind])));
  return kinds.flatMap((kind, i) =>
    (results[i]?.results ?? []).map((row) => ({ kind, userId: row.user_id, detail: row.detail })),
  );
};
