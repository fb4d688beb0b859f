import type { Metrics } from "../../lib/metrics";
import type { LiveMessage } from "#shared/live-messages";
import type { Receipt } from "../../db/idempotency";
import { commitMovement, grant, MOVEMENT_APPLIED_SQL } from "../credits/ledger.service";
import { creditsStatement, toCredits } from "../credits/credits-row";
import { countRenewal } from "./checkout.service";
import type { Purchase } from "./stripe-objects";

/** What an Idempotency-Key's receipt keeps to answer a verify call again: whether its movement happened, and how much. */
export type PurchaseRef = { userId: string; transactionId: string; credits: number };

export type CreditOutcome = { applied: boolean; credits: ReturnType<typeof toCredits>; events: LiveMessage[] };

/**
 * `firstReturn`: this call was the first to answer the player's return from checkout (always false for the webhook),
 * whoever credited the payment.
 */
export type PurchaseOutcome = CreditOutcome & { firstReturn: boolean };

/** A verify call's part in the batch: its Idempotency-Key's receipt, and its claim on the payment's first return. */
export type ReturnVisit = { receipt: Receipt<PurchaseRef> };

/**
 * Claims the return for the call whose ledger row id is `visitId`: after the payment's row is written (by this batch or
 * an earlier one), so of a webhook, two tabs and a replayed link exactly one call ever matches.
 */
const claimReturn = (d1: D1Database, paymentId: string, visitId: string) =>
  d1
    .prepare("UPDATE stripe_payments SET return_shown_by = ? WHERE id = ? AND return_shown_by IS NULL")
    .bind(visitId, paymentId);

export const creditEvents = (
  credits: ReturnType<typeof toCredits>,
  transaction: { id: string; amount: number; transactionType: string; description: string; createdAt: number },
): LiveMessage[] => [
  { type: "credits", data: credits },
  { type: "transaction", data: transaction },
];

const describe = (purchase: Purchase) =>
  purchase.kind === "checkout"
    ? `Purchased ${purchase.credits} credits`
    : `Monthly subscription: ${purchase.credits} credits`;

/**
 * Grants a purchase's credits exactly once, however often and in whatever order the webhook and the verify call
 * deliver it: the idempotency key names the Stripe object, and the stripe_payments row (kept for refunds), a renewal's
 * count toward the purchase limits and the caller's statements (a subscription row, a verify call's receipt and
 * claim on the return) commit in the same batch.
 */
export const creditPurchase = async (
  d1: D1Database,
  purchase: Purchase,
  now: number,
  after: D1PreparedStatement[] = [],
  visit?: ReturnVisit,
): Promise<PurchaseOutcome> => {
  const description = describe(purchase);
  const idempotencyKey =
    purchase.kind === "checkout" ? `stripe:${purchase.paymentId}` : `invoice:${purchase.paymentId}`;
  const movement = grant(d1, {
    userId: purchase.userId,
    amount: purchase.credits,
    idempotencyKey,
    transactionType: "purchase",
    source: "purchased",
    description,
    now,
  });
  const recordPayment = d1
    .prepare(
      `INSERT INTO stripe_payments (id, user_id, kind, credits, currency, amount, payment_intent_id, subscription_id, transaction_id,
         created_at, updated_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${MOVEMENT_APPLIED_SQL}`,
    )
    .bind(
      purchase.paymentId,
      purchase.userId,
      purchase.kind,
      purchase.credits,
      purchase.currency,
      purchase.amount,
      purchase.paymentIntentId,
      purchase.subscriptionId,
      movement.transactionId,
      now,
      now,
      movement.transactionId,
    );
  const ref = { userId: purchase.userId, transactionId: movement.transactionId, credits: purchase.credits };
  const counted = purchase.renewal
    ? [countRenewal(d1, purchase.userId, purchase.credits, movement.transactionId, now)]
    : [];
  const { applied, reads } = await commitMovement(d1, movement, {
    after: [recordPayment, ...counted, ...after, ...(visit?.receipt(ref) ?? [])],
    reads: {
      claimed: visit ? [claimReturn(d1, purchase.paymentId, movement.transactionId)] : [],
      credits: creditsStatement(d1, purchase.userId),
    },
  });
  const credits = toCredits(reads.credits.results[0]);
  const events = applied
    ? creditEvents(credits, {
        id: movement.transactionId,
        amount: purchase.credits,
        transactionType: "purchase",
        description,
        createdAt: now,
      })
    : [];
  return { applied, firstReturn: reads.claimed[0]?.meta.changes === 1, credits, events };
};

/** A purchase credited now (not a repeat of one credited before), for the revenue dashboards (docs/operations.md). */
export const countPurchase = (metrics: Metrics, purchase: Purchase, outcome: PurchaseOutcome) => {
  if (!outcome.applied) return;
  metrics.write({
    event: "purchase",
    currency: purchase.currency,
    kind: purchase.kind === "checkout" && !purchase.subscriptionId ? "pack" : "subscription",
    credits: purchase.credits,
    amountMinor: purchase.amount,
  });
};
