import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { commitMovement, reverse } from "../credits/ledger.service";
import { creditsStatement, toCredits } from "../picks/pick-row";
import { holdPendingRedemptions } from "../redemptions/redemption-holds";
import { creditEvents, type CreditOutcome } from "./credit-purchase.service";
import type { SqlColumns } from "../../db/rows";
import type { stripePayments } from "../../db/schema";

type PaymentRow = SqlColumns<typeof stripePayments, "id" | "user_id" | "credits" | "credits_taken_back">;

const ATTEMPTS = 3;

export const findPaymentByIntent = (d1: D1Database, paymentIntentId: string) =>
  d1
    .prepare("SELECT id, user_id, credits, credits_taken_back FROM stripe_payments WHERE payment_intent_id = ?")
    .bind(paymentIntentId)
    .first<PaymentRow>();

const findPayment = (d1: D1Database, id: string) =>
  d1.prepare("SELECT id, user_id, credits, credits_taken_back FROM stripe_payments WHERE id = ?").bind(id).first<PaymentRow>();

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
    const amount = target - payment.credits_taken_back;
    if (amount <= 0) return null;
    const description = reason === "refund" ? `Refunded purchase: ${amount} credits` : `Disputed purchase: ${amount} credits`;
    const movement = reverse(d1, {
      userId: payment.user_id,
      amount,
      source: "purchased",
      idempotencyKey: `stripe-takeback:${payment.id}:${target}`,
      description,
      now,
    });
    const after = [
      d1
        .prepare("UPDATE stripe_payments SET credits_taken_back = ?, updated_at = ? WHERE id = ? AND credits_taken_back = ?")
        .bind(target, now, payment.id, payment.credits_taken_back),
      assertInBatch(d1, "EXISTS (SELECT 1 FROM stripe_payments WHERE id = ? AND credits_taken_back = ?)", payment.id, target),
      holdPendingRedemptions(d1, {
        userId: payment.user_id,
        cause: reason === "refund" ? "charge_refunded" : "dispute_opened",
        paymentId: payment.id,
        transactionId: movement.transactionId,
        now,
      }),
    ];
    try {
      const { applied, reads } = await commitMovement(d1, movement, { after, reads: { credits: creditsStatement(d1, payment.user_id) } });
      const credits = toCredits(reads.credits.results[0]);
      const events = applied
        ? creditEvents(credits, { id: movement.transactionId, amount: -amount, transactionType: "reversal", description, createdAt: now })
        : [];
      return { userId: payment.user_id, outcome: { applied, credits, events } };
    } catch (error) {
      if (!isBatchRefusal(error)) throw error;
    }
  }
  throw new Error(`take-back of ${paymentId} kept losing races`);
};
