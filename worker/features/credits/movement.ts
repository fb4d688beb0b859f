import type { creditSources, transactionTypes } from "../../db/schema";

/**
 * What every ledger movement shares, apart from the movements themselves: ledger.service.ts and
 * selected-movements.ts both build on it, and neither needs the other's module for it.
 */

export type CreditSource = (typeof creditSources)[number];
export type TransactionType = (typeof transactionTypes)[number];

/** The last statement changes exactly one row when, and only when, the movement happened. */
export type LedgerMovement = { transactionId: string; statements: D1PreparedStatement[] };

export type MovementInput = {
  userId: string;
  amount: number;
  idempotencyKey: string;
  now: number;
  description?: string;
  questionId?: string | null;
  pickId?: string | null;
};

export type GrantInput = MovementInput & {
  transactionType: Exclude<TransactionType, "spend" | "redemption" | "reversal">;
  source: CreditSource;
};

export const assertWholePositive = (amount: number) => {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`Ledger amount must be a positive whole number: ${amount}`);
  }
};

/** SQL and its parameters spliced into a movement's statements: a subquery, or the FROM and WHERE a row is selected by. */
export type Selection = { sql: string; params: unknown[] };

/** A ledger column's value: bound as given, or SQL over the rows the row is selected from. */
type LedgerValue = string | number | null | { sql: string };

type LedgerRow = Omit<MovementInput, "userId" | "amount"> & {
  id: string;
  userId: LedgerValue;
  amount: LedgerValue;
  transactionType: LedgerValue;
  source: LedgerValue;
};

/** No FROM: the row is written as given. */
const AS_GIVEN: Selection = { sql: "WHERE true", params: [] };

/**
 * The one way a ledger row is written, whatever the movement: the row selected `from` (its FROM and WHERE; no row, no
 * movement), and nothing at all for an idempotency key already written. `WHERE true` tells SQLite's parser that ON
 * CONFLICT is the upsert clause, not a join constraint, so `from` always ends in a WHERE.
 */
export const insertLedgerRow = (d1: D1Database, row: LedgerRow, from: Selection = AS_GIVEN) => {
  const values: LedgerValue[] = [
    row.id,
    row.userId,
    row.amount,
    row.transactionType,
    row.source,
    row.idempotencyKey,
    row.questionId ?? null,
    row.pickId ?? null,
    row.description ?? "",
    row.now,
  ];
  const isSql = (value: LedgerValue): value is { sql: string } => typeof value === "object" && value !== null;
  return d1
    .prepare(
      `INSERT INTO credit_transactions
         (id, user_id, amount, transaction_type, source, idempotency_key, question_id, pick_id, description, created_at)
       SELECT ${values.map((value) => (isSql(value) ? value.sql : "?")).join(", ")} ${from.sql}
       ON CONFLICT(idempotency_key) DO NOTHING`,
    )
    .bind(...values.filter((value) => !isSql(value)), ...from.params);
};

/** Creates the credits row, empty, of the player `recipient` selects (a `user_id` column) when they have none. */
export const ensureCreditsRowOf = (d1: D1Database, recipient: Selection, now: number) =>
  d1
    .prepare(
      `INSERT INTO user_credits (user_id, created_at, updated_at) SELECT user_id, ?, ? FROM (${recipient.sql}) WHERE true ON CONFLICT(user_id) DO NOTHING`,
    )
    .bind(now, now, ...recipient.params);

/** One player, chosen by id, as a movement's recipient. */
export const playerSelection = (userId: string): Selection => ({ sql: "SELECT ? AS user_id", params: [userId] });
