import { batchNamed, typed } from "../../db/statement";

export type LedgerViolation = {
  kind:
    | "balance_mismatch"
    | "duplicate_key"
    | "negative_balance_from_spend"
    | "redeemable_exceeds_balance"
    | "redeemed_beyond_winnings"
    | "pick_spend_mismatch"
    | "pick_settlement_mismatch"
    | "escrow_on_settled_question";
  userId: string | null;
  detail: string;
};

/** Narrows a check to some players' rows: a condition on the given player id column. */
type Scope = (userIdColumn: string) => string;

const everyone: Scope = () => "1";
/** ?1 holds the players' ids as a JSON array, so one bound value serves every condition of a check. */
const onlyListed: Scope = (userIdColumn) => `${userIdColumn} IN (SELECT value FROM json_each(?1))`;

const checks: Record<LedgerViolation["kind"], (scope: Scope) => string> = {
  // Both directions: a credits row whose balance is not its ledger sum, and ledger rows with no credits row.
  balance_mismatch: (scope) => `
    SELECT c.user_id, 'balance ' || c.balance || ' but ledger sum ' || COALESCE(t.total, 0) AS detail
    FROM user_credits c
    LEFT JOIN (SELECT user_id, SUM(amount) AS total FROM credit_transactions WHERE ${scope("user_id")} GROUP BY user_id) t
      ON t.user_id = c.user_id
    WHERE ${scope("c.user_id")} AND c.balance <> COALESCE(t.total, 0)
    UNION ALL
    SELECT t.user_id, 'no credits row but ledger sum ' || SUM(t.amount)
    FROM credit_transactions t LEFT JOIN user_credits c ON c.user_id = t.user_id
    WHERE ${scope("t.user_id")} AND c.user_id IS NULL GROUP BY t.user_id`,
  duplicate_key: (scope) => `
    SELECT MIN(user_id) AS user_id, 'key ' || idempotency_key || ' used ' || COUNT(*) || ' times' AS detail
    FROM credit_transactions WHERE ${scope("user_id")} GROUP BY idempotency_key HAVING COUNT(*) > 1`,
  // rowid is insertion order, which created_at (same millisecond) and random ids cannot give.
  negative_balance_from_spend: (scope) => `
    SELECT user_id, 'spend ' || id || ' left the balance at ' || running AS detail
    FROM (SELECT id, user_id, transaction_type, amount, SUM(amount) OVER (PARTITION BY user_id ORDER BY rowid) AS running
          FROM credit_transactions WHERE ${scope("user_id")})
    WHERE (transaction_type IN ('spend', 'redemption') OR (transaction_type = 'admin_adjustment' AND amount < 0)) AND running < 0`,
  // The balance's two tracked parts (winnings and awarded credits) never hold more than the balance.
  redeemable_exceeds_balance: (scope) => `
    SELECT user_id, 'redeemable ' || redeemable || ' and awarded ' || awarded || ' above balance ' || balance AS detail
    FROM user_credits WHERE ${scope("user_id")} AND redeemable + awarded > MAX(balance, 0)`,
  // Money out never exceeds winnings in (a rejected redemption's refund counts as winnings again).
  redeemed_beyond_winnings: (scope) => `
    SELECT user_id, 'redeemed ' || SUM(CASE WHEN transaction_type = 'redemption' THEN -amount ELSE 0 END)
                    || ' but won ' || SUM(CASE WHEN source = 'winnings' AND amount > 0 THEN amount ELSE 0 END) AS detail
    FROM credit_transactions WHERE ${scope("user_id")} GROUP BY user_id
    HAVING SUM(CASE WHEN transaction_type = 'redemption' THEN -amount ELSE 0 END)
         > SUM(CASE WHEN source = 'winnings' AND amount > 0 THEN amount ELSE 0 END)`,
  // A pick's spend row took exactly what the pick cost (a free pick has none).
  pick_spend_mismatch: (scope) => `
    SELECT p.user_id, 'pick ' || p.id || ' cost ' || p.credits_spent || ' but its spend took ' || COALESCE(-t.amount, 0) AS detail
    FROM user_picks p LEFT JOIN credit_transactions t ON t.idempotency_key = 'pick:' || p.user_id || ':' || p.question_id
    WHERE ${scope("p.user_id")} AND COALESCE(-t.amount, 0) <> p.credits_spent`,
  // Each settlement version is paid once and undoes the one before: a pick's payout, refund and reversal rows add
  // up to what its current state holds (a win its payout, a void its cost, anything else nothing).
  pick_settlement_mismatch: (scope) => `
    SELECT p.user_id, 'pick ' || p.id || ' is ' || p.status || ' but its settlement rows sum to ' || COALESCE(s.total, 0) AS detail
    FROM user_picks p
    LEFT JOIN (SELECT pick_id, SUM(amount) AS total FROM credit_transactions
               WHERE ${scope("user_id")} AND pick_id IS NOT NULL AND transaction_type IN ('pick_payout', 'refund', 'reversal')
               GROUP BY pick_id) s
      ON s.pick_id = p.id
    WHERE ${scope("p.user_id")} AND COALESCE(s.total, 0) <> CASE p.status WHEN 'won' THEN p.potential_payout WHEN 'void' THEN p.credits_spent ELSE 0 END`,
  // A pick's credits are held in escrow only until its question's outcome is settled.
  escrow_on_settled_question: (scope) => `
    SELECT p.user_id, 'pick ' || p.id || ' still holds ' || p.credits_spent || ' on settled question ' || q.id AS detail
    FROM user_picks p JOIN questions q ON q.id = p.question_id
    WHERE ${scope("p.user_id")} AND p.status = 'active' AND q.outcome <> 'unresolved' AND q.settled_version = q.settlement_version`,
};

const kinds = Object.keys(checks) as LedgerViolation["kind"][];

/**
 * The audit's queries, for a batch of their own or a caller's: read the results with violationsOf. Given players, only
 * their rows are audited (a test's own accounts in a database other tests share); otherwise the whole database.
 */
export const auditStatements = (d1: D1Database, players?: string[]) =>
  kinds.map((kind) =>
    typed<ViolationRow>(
      players ? d1.prepare(checks[kind](onlyListed)).bind(JSON.stringify(players)) : d1.prepare(checks[kind](everyone)),
    ),
  );

type ViolationRow = { user_id: string | null; detail: string };

/** One result per check, in the order of auditStatements. */
export const violationsOf = (results: D1Result<ViolationRow>[]): LedgerViolation[] =>
  kinds.flatMap((kind, i) =>
    (results[i]?.results ?? []).map((row) => ({ kind, userId: row.user_id, detail: row.detail })),
  );

/** Every broken ledger invariant (of the given players, or of all); an empty list means the balances agree with the ledger. */
export const auditLedger = async (d1: D1Database, players?: string[]): Promise<LedgerViolation[]> =>
  violationsOf((await batchNamed(d1, { audit: auditStatements(d1, players) })).audit);
