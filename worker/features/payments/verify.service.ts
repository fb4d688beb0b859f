import type { Metrics } from "../../lib/metrics";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { AppError } from "../../lib/errors";
import type { Receipt } from "../../db/idempotency";
import { createDb } from "../../db/client";
import { boundQuery } from "../../db/compiled";
import { stripePayments } from "../../db/schema";
import { batchNamed, firstRow } from "../../db/statement";
import { creditsStatement, toCredits } from "../credits/credits-row";
import type { PurchaseRef } from "./credit-purchase.service";
import { creditSession, type Handled } from "./stripe-events.service";
import { callStripe } from "./stripe-client";
import { purchaseFromSession } from "./stripe-objects";

const NOT_FOUND = "Payment session not found";

export type Verification = {
  handled: Handled | null;
  body: { success: boolean; wasDuplicate: boolean; creditsAdded: number; newBalance: number; message: string };
};

/** The first answer to a payment's return says its credits arrived; every later one that they already had. */
const paidBody = (firstReturn: boolean, creditsAdded: number, newBalance: number) => ({
  success: true,
  wasDuplicate: !firstReturn,
  creditsAdded,
  newBalance,
  message: firstReturn
    ? `${creditsAdded} credits have been added to your account.`
    : "This payment has already been credited.",
});

/**
 * The return page's check: asks Stripe for the session and credits it if paid, racing the webhook safely (both
 * grant under the same key). The stand-in, and Stripe often, delivers the webhook before the player is back, so
 * whether this is the first return is the payment row's own record, not whether this call moved the credits. A
 * session of another player answers like a missing one. `d1` is the player's database.
 */
export const verifyPayment = async (
  d1: D1Database,
  metrics: Metrics,
  stripe: Stripe,
  userId: string,
  sessionId: string,
  now: number,
  receipt: Receipt<PurchaseRef> = () => [],
): Promise<Verification> => {
  const session = await callStripe(() => stripe.checkout.sessions.retrieve(sessionId), NOT_FOUND);
  const purchase = purchaseFromSession(session);
  if (!purchase || purchase.userId !== userId) throw new AppError("not_found", NOT_FOUND);

  if (session.payment_status !== "paid") {
    const balance = toCredits(await firstRow(creditsStatement(d1, userId))).balance;
    const message = "Your payment has not been completed yet. Credits are added as soon as it is.";
    return {
      handled: null,
      body: { success: false, wasDuplicate: false, creditsAdded: 0, newBalance: balance, message },
    };
  }
  const handled = await creditSession(d1, metrics, purchase, now, { receipt });
  return {
    handled,
    body: paidBody(handled.outcome.firstReturn, purchase.credits, handled.outcome.credits.balance),
  };
};

/**
 * The answer of a verify call that committed under an Idempotency-Key whose answer was lost; asks Stripe nothing.
 * It was the first return when the payment row names its ledger row id.
 */
export const replayVerification = async (d1: D1Database, ref: PurchaseRef) => {
  const shownBy = createDb(d1)
    .select({ id: stripePayments.id })
    .from(stripePayments)
    .where(and(eq(stripePayments.userId, ref.userId), eq(stripePayments.returnShownBy, ref.transactionId)));
  const { shown, credits } = await batchNamed(d1, {
    shown: boundQuery(d1, shownBy),
    credits: creditsStatement(d1, ref.userId),
  });
  const balance = toCredits(credits.results[0]);
  return { credits: balance, body: paidBody(shown.length > 0, ref.credits, balance.balance) };
};
