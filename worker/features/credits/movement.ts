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

/** The ledger row's optional columns, in the order every movement's INSERT lists them: question, pick, description. */
export const optional = (input: Omit<MovementInput, "userId" | "amount">) => [input.questionId ?? null, input.pickId ?? null, input.description ?? ""];
