import type { CreditSource } from "./movement";

/**
 * 1 when the pick (a row of user_picks aliased `alias`) was paid with awarded credits, read from its spend row in the
 * ledger (key `pick:<userId>:<questionId>`), which never changes once written; 0 otherwise, a free pick included.
 */
export const awardFundedSql = (alias: string) =>
  `COALESCE((SELECT t.source = 'awarded' FROM credit_transactions t
             WHERE t.idempotency_key = 'pick:' || ${alias}.user_id || ':' || ${alias}.question_id), 0)`;

/** What a pick's payout and refund are recorded as: an award-funded pick's come back awarded, never redeemable. */
export const pickReturnSources = (awardFunded: number | boolean): { payout: CreditSource; refund: CreditSource } =>
  awardFunded ? { payout: "awarded", refund: "awarded" } : { payout: "winnings", refund: "purchased" };
