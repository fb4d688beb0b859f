import { newId } from "../../lib/ids";
import {
  assertWholePositive,
  ensureCreditsRowOf,
  insertLedgerRow,
  type GrantInput,
  type LedgerMovement,
  type MovementInput,
  type Selection,
} from "./movement";

/**
 * Grants and spends whose recipient or amount may be chosen inside SQL, for a batch that runs without reading
 * first (POST /api/picks is one round trip). `grant` and `spend` in ledger.service.ts are these with a constant
 * selection, so every grant and spend writes the same rows under the same checks, and moves nothing for an
 * idempotency key that already exists.
 */

/**
 * The awarded part after a grant of ?1 credits of which ?2 are awarded: a grant first pays off a negative balance
 * (a reversal's debt), so no part of the balance can exceed the balance itself.
 */
const AWARDED_AFTER_GRANT = "MAX(0, MIN(awarded + ?2, balance + ?1))";

/**
 * What a grant does to the balances (binds: ?1 amount, ?2 its awarded part, ?3 its redeemable part, ?4 now). Winnings
 * become redeemable only within what the balance holds beside the awarded part.
 */
const GRANT_SET_SQL = `balance = balance + ?1, awarded = ${AWARDED_AFTER_GRANT},
  redeemable = MAX(0, MIN(redeemable + ?3, balance + ?1 - ${AWARDED_AFTER_GRANT})),
  total_earned = total_earned + ?1, updated_at = ?4`;

type SelectedGrant = Omit<GrantInput, "userId"> & {
  /** At most one row with a `user_id` column: no row, no grant. */
  recipient: Selection;
};

export const grantToSelected = (d1: D1Database, input: SelectedGrant): LedgerMovement => {
  assertWholePositive(input.amount);
  const id = newId();
  const { recipient, amount, now } = input;
  const awarded = input.source === "awarded" ? amount : 0;
  const redeemable = input.source === "winnings" ? amount : 0;
  return {
    transactionId: id,
    statements: [
      ensureCreditsRowOf(d1, recipient, now),
      insertLedgerRow(
        d1,
        { ...input, id, userId: { sql: "user_id" } },
        { sql: `FROM (${recipient.sql}) WHERE true`, params: recipient.params },
      ),
      d1
        .prepare(
          `UPDATE user_credits SET ${GRANT_SET_SQL} WHERE user_id = (SELECT user_id FROM credit_transactions WHERE id = ?5)`,
        )
        .bind(amount, awarded, redeemable, now, id),
    ],
  };
};

type SelectedSpend = Omit<MovementInput, "amount"> & {
  /** At most one row with an `amount` column: no row, or 0, takes nothing. */
  amount: Selection;
  /** A pick's spend, or an admin's deduction, which takes the same way under the same check. */
  transactionType?: "spend" | "admin_adjustment";
};

/** What a spend of `a.amount` from the credits row `c` takes, as the ledger row's source. */
const SPEND_SOURCE_SQL =
  "CASE WHEN c.awarded > 0 THEN 'awarded' WHEN c.balance - a.amount < c.redeemable THEN 'winnings' ELSE 'purchased' END";

/**
 * `spend` of a selected amount: the balance check is in the INSERT, and the update takes what the row recorded.
 * Awarded credits go first, so a pick paid while any are left is award-funded (the row's source says 'awarded', and
 * what the pick brings back stays awarded); then bonus and purchased credits; winnings last.
 */
export const spendSelected = (d1: D1Database, input: SelectedSpend): LedgerMovement => {
  const id = newId();
  const { userId, amount, now } = input;
  return {
    transactionId: id,
    statements: [
      insertLedgerRow(
        d1,
        {
          ...input,
          id,
          userId: { sql: "c.user_id" },
          amount: { sql: "-a.amount" },
          transactionType: input.transactionType ?? "spend",
          source: { sql: SPEND_SOURCE_SQL },
        },
        {
          sql: `FROM (${amount.sql}) a JOIN user_credits c ON c.user_id = ? WHERE a.amount > 0 AND c.balance >= a.amount`,
          params: [...amount.params, userId],
        },
      ),
      d1
        .prepare(
          `UPDATE user_credits
           SET balance = balance + t.amount, awarded = MAX(0, awarded + t.amount),
               redeemable = MIN(redeemable, balance + t.amount - MAX(0, awarded + t.amount)), total_spent = total_spent - t.amount,
               updated_at = ?
           FROM credit_transactions t WHERE t.id = ? AND user_credits.user_id = t.user_id`,
        )
        .bind(now, id),
    ],
  };
};
