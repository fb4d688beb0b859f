import { newId } from "../../lib/ids";
import {
  assertWholePositive,
  ensureCreditsRowOf,
  insertLedgerRow,
  playerSelection,
  type CreditSource,
  type GrantInput,
  type LedgerMovement,
  type MovementInput,
} from "./movement";
import { grantToSelected, spendSelected } from "./selected-movements";
import { batchNamed, type BatchEntry } from "../../db/statement";

/**
 * Every credit movement goes through here. A movement is a list of D1 statements for ONE `DB.batch()` together
 * with the caller's own statements: the credit_transactions row (unique idempotency key) and the user_credits
 * update only ever happen together, and a repeated key moves nothing.
 */

/**
 * SQL (one `?` for the transaction id) that is true once the movement's row exists. The id is new for every
 * call, so it is false both when the key already existed and when a spend was refused: guard a caller's
 * dependent statements with it.
 */
export const MOVEMENT_APPLIED_SQL = "EXISTS (SELECT 1 FROM credit_transactions WHERE id = ?)";

/** A missing credits row is created empty, never an error (the ledger invariant holds at zero). */
export const ensureCreditsRow = (d1: D1Database, userId: string, now: number) =>
  ensureCreditsRowOf(d1, playerSelection(userId), now);

/**
 * Adds credits. Winnings become redeemable, but first pay off a negative balance (a reversal's debt): redeemable
 * never exceeds the balance, or purchased credits bought later could be cashed out in the debt's place.
 */
export const grant = (d1: D1Database, { userId, ...input }: GrantInput): LedgerMovement =>
  grantToSelected(d1, { ...input, recipient: playerSelection(userId) });

/**
 * Takes credits, awarded ones first, then bonus and purchased: redeemable (winnings) only shrinks when the rest is gone.
 * The balance check is inside SQL, and the update only follows an inserted row. The row's source says
 * 'awarded' when any awarded credits were left, 'winnings' when the spend reached into winnings; bonus and purchased
 * credits are one pool, recorded as 'purchased'.
 */
export const spend = (d1: D1Database, { amount, ...input }: MovementInput): LedgerMovement => {
  assertWholePositive(amount);
  return spendSelected(d1, { ...input, amount: { sql: "SELECT ? AS amount", params: [amount] } });
};

/**
 * An admin's correction, type 'admin_adjustment'. An award adds awarded credits, which never become redeemable, nor
 * do the winnings of picks paid with them; a deduction (a negative amount) takes like a spend, under the same check,
 * never below zero.
 */
export const adjust = (d1: D1Database, input: MovementInput): LedgerMovement => {
  if (input.amount > 0) return grant(d1, { ...input, transactionType: "admin_adjustment", source: "awarded" });
  assertWholePositive(-input.amount);
  return spendSelected(d1, {
    ...input,
    transactionType: "admin_adjustment",
    amount: { sql: "SELECT ? AS amount", params: [-input.amount] },
  });
};

export type ReversalInput = MovementInput & { source: CreditSource };

/**
 * Takes back an earlier grant (a payout or refund undone by a changed outcome) with a compensating row; nothing is
 * ever deleted. Unlike a spend it may take the balance below zero (docs/product-rules.md). Reversed winnings leave
 * redeemable and reversed awarded credits leave awarded; both parts stay within the remaining balance, the awarded
 * one first; total_earned loses what was never really earned.
 */
export const reverse = (d1: D1Database, input: ReversalInput): LedgerMovement => {
  assertWholePositive(input.amount);
  const id = newId();
  const { userId, amount, now } = input;
  const winnings = input.source === "winnings" ? amount : 0;
  const awarded = input.source === "awarded" ? amount : 0;
  const awardedAfter = "MAX(0, MIN(awarded - ?2, balance - ?1))";
  return {
    transactionId: id,
    statements: [
      ensureCreditsRow(d1, userId, now),
      insertLedgerRow(d1, { ...input, id, amount: -amount, transactionType: "reversal" }),
      d1
        .prepare(
          `UPDATE user_credits
           SET balance = balance - ?1, awarded = ${awardedAfter},
               redeemable = MAX(0, MIN(redeemable - ?3, balance - ?1 - ${awardedAfter})),
               total_earned = MAX(0, total_earned - ?1), updated_at = ?4
           WHERE user_id = ?5 AND EXISTS (SELECT 1 FROM credit_transactions WHERE id = ?6)`,
        )
        .bind(amount, awarded, winnings, now, userId, id),
    ],
  };
};

/**
 * Takes redeemable credits (winnings) only, for a gift card or cash-out: the check on both redeemable and balance
 * is inside SQL, so concurrent redemptions can never take out more than was won. Type 'redemption', source 'winnings'.
 */
export const redeem = (d1: D1Database, input: MovementInput): LedgerMovement => {
  assertWholePositive(input.amount);
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
          userId: { sql: "user_id" },
          amount: -amount,
          transactionType: "redemption",
          source: "winnings",
        },
        {
          sql: "FROM user_credits WHERE user_id = ? AND redeemable >= ? AND balance >= ?",
          params: [userId, amount, amount],
        },
      ),
      d1
        .prepare(
          `UPDATE user_credits
           SET balance = balance - ?, redeemable = redeemable - ?, total_spent = total_spent + ?, updated_at = ?
           WHERE user_id = ? AND redeemable >= ? AND balance >= ? AND ${MOVEMENT_APPLIED_SQL}`,
        )
        .bind(amount, amount, amount, now, userId, amount, amount, id),
    ],
  };
};

/**
 * Runs one movement with the caller's statements around it in one batch, then `reads` (named) after everything;
 * `applied` is false for a repeat or a refusal.
 */
export const commitMovement = async <R extends Record<string, BatchEntry> = Record<never, never>>(
  d1: D1Database,
  movement: LedgerMovement,
  around: { before?: D1PreparedStatement[]; after?: D1PreparedStatement[]; reads?: R } = {},
) => {
  const { moved, ...reads } = await batchNamed(d1, {
    before: around.before ?? [],
    moved: movement.statements,
    after: around.after ?? [],
    ...(around.reads as R),
  });
  return { applied: moved.at(-1)?.meta.changes === 1, reads };
};
