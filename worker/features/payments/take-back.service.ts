import { eq, type SQL } from "drizzle-orm";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { createDb } from "../../db/client";
import { stripePayments } from "../../db/schema";
import { commitMovement, reverse } from "../credits/ledger.service";
import { creditsStatement, toCredits } from "../credits/credits-row";
import { holdPendingRedemptions } from "../redemptions/redemption-holds";
import { creditEvents, type CreditOutcome } from "./credit-purchase.service";
const ATTEMPTS = 3;

const findPaymentWhere = async (d1: D1Database, where: SQL) => {
  const { id, userId, credits, creditsTakenBack } = stripePayments;
  const [payment] = await createDb(d1)
    .select({ id, userId, credits, creditsTakenBack })
    .from(stripePayments)
    .where(where)
    .limit(1);
  return payment ?? null;
};

export const findPaymentByIntent = (d1: D1Database, paymentIntentId: string) =>
  findPaymentWhere(d1, eq(stripePayments.paymentIntentId, paymentIntentId));

const findPayment = (d1: D1Database, id: string) => findPaymentWhere(d1, eq(stripePayments.id, id));

/** Credits to have taken back once `refunded` of `total` (minor units) went back to the buyer, rounded up. */
export const refundedShare = (credits: number, refunded: number, total: number) =>
  total <= 0 ? credits : Math.min(credits, Math.ceil((credits * refunded) / total));

/**
 * Takes a payment's credits back through the ledger (a reversal, which may leave the balance below zero) until
 * `targetFor(credits)` have been taken in all. Refund events carry the cumulative refunded amount, so a repeated,
 * late or concurrent event never takes more: credits_taken_back moves by compare-and-set in the same batch, and a
 * batch that lost the race is rolled back by the guard and recomputed. A take-back that moved credits also puts
 * the player's pending redemptions on hold in that batch: what they cash out may be the credits just taken back.
 */
export const takeBackCredits = async (
  d1: D1Database,
  paymentId: string,
  targetFor: (credits: number) => number,
  reason: "refund" | "dispute",
  now: number,
): Promise<{ userId: string; outcome: CreditOutcome } | null> => {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const payment = await findPayment(d1, paymentId);
    if (!payment) return null;
    const target = Math.min(payment.credits, targetFor(payment.credits));
    const amount = target - payment.creditsTakenBack;
    if (amount <= 0) return null;
    const description =
      reason === "refund" ? `Refunded purchase: ${amount} credits` : `Disputed purchase: ${amount} credits`;
    const movement = reverse(d1, {
      userId: payment.userId,
      amount,
      source: "purchased",
      idempotencyKey: `stripe-takeback:${payment.id}:${target}`,
      description,
      now,
    });
    const after = [
      d1
        .prepare(
          "UPDATE stripe_payments SET credits_taken_back = ?, updated_at = ? WHERE id = ? AND credits_taken_back = ?",
        )
        .bind(target, now, payment.id, payment.creditsTakenBack),
      assertInBatch(
        d1,
        "EXISTS (SELECT 1 FROM stripe_payments WHERE id = ? AND credits_taken_back = ?)",
        payment.id,
        target,
      ),
      holdPendingRedemptions(d1, {
        userId: payment.userId,
        cause: reason === "refund" ? "charge_refunded" : "dispute_opened",
        paymentId: payment.id,
        transactionId: movement.transactionId,
        now,
      }),
    ];
    try {
      const { applied, reads } = await commitMovement(d1, movement, {
        after,
        reads: { credits: creditsStatement(d1, payment.userId) },
      });
      const credits = toCredits(reads.credits.results[0]);
      const events = applied
        ? creditEvents(credits, {
            id: movement.transactionId,
            amount: -amount,
            transactionType: "reversal",
            description,
            createdAt: now,
          })
        : [];
      return { userId: payment.userId, outcome: { applied, credits, events } };
    } catch (error) {
      if (!isBatchRefusal(error)) throw error;
    }
  }
  throw new Error(`take-back of ${paymentId} kept losing races`);
};
