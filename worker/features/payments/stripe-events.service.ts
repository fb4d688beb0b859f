import type { Metrics } from "../../lib/metrics";
import type Stripe from "stripe";
import { log } from "../../lib/log";
import { countPurchase, creditPurchase, type CreditOutcome, type ReturnVisit } from "./credit-purchase.service";
import type { DataContext } from "../../db/data-context";
import { findPaymentByIntent, refundedShare, takeBackCredits } from "./take-back.service";
import { applySubscriptionEvent, recordSubscription } from "./subscription-rows";
import { holdSubscriptions } from "./subscription-holds";
import {
  idOf,
  invoicePeriodEnd,
  purchaseFromInvoice,
  purchaseFromSession,
  readMetadata,
  subscriptionTotal,
  type Purchase,
} from "./stripe-objects";

export type Handled = { userId: string; outcome: CreditOutcome | null };

const ignored = (event: Stripe.Event, why: string) => {
  log("info", "stripe_event_ignored", { id: event.id, type: event.type, why });
  return null;
};

const subscriptionFacts = (purchase: Purchase, subscriptionId: string, now: number) => ({
  userId: purchase.userId,
  credits: purchase.credits,
  subscriptionId,
  customerId: purchase.customerId,
  totalPrice: purchase.amount,
  currency: purchase.currency,
  now,
});

/**
 * A paid checkout: one-time credits, or a subscription's first invoice together with its subscription row. `visit`
 * is the return page's verify call.
 */
export const creditSession = async (
  d1: D1Database,
  metrics: Metrics,
  purchase: Purchase,
  now: number,
  visit?: ReturnVisit,
) => {
  const after = purchase.subscriptionId
    ? [recordSubscription(d1, subscriptionFacts(purchase, purchase.subscriptionId, now))]
    : [];
  const outcome = await creditPurchase(d1, purchase, now, after, visit);
  countPurchase(metrics, purchase, outcome);
  return { userId: purchase.userId, outcome };
};

/**
 * A paid invoice is always credited: the money was taken. A renewal then asks for the hold responsible play calls
 * for (a break, a self-exclusion, or this renewal going over a purchase limit), so a hold the player's own request
 * could not place is placed now; when Stripe fails the event is retried, and the credit is not repeated.
 */
const creditInvoice = async (data: DataContext, stripe: Stripe, invoice: Stripe.Invoice, now: number) => {
  const purchase = purchaseFromInvoice(invoice);
  if (!purchase?.subscriptionId) return null;
  const d1 = data.writablePlayer(purchase.userId);
  // The delivery date moves on even when verify credited this invoice first.
  const delivery = recordSubscription(
    d1,
    subscriptionFacts(purchase, purchase.subscriptionId, now),
    invoicePeriodEnd(invoice),
  );
  const outcome = await creditPurchase(d1, purchase, now, [delivery]);
  countPurchase(data.metrics, purchase, outcome);
  if (purchase.renewal) await holdSubscriptions(d1, stripe, purchase.userId, now);
  return { userId: purchase.userId, outcome };
};

const syncSubscription = async (
  data: DataContext,
  event: Stripe.Event,
  subscription: Stripe.Subscription,
  now: number,
) => {
  const metadata = readMetadata(subscription.metadata);
  if (!metadata) return ignored(event, "not_ours");
  const d1 = data.writablePlayer(metadata.userId);
  await applySubscriptionEvent(
    d1,
    subscription,
    { ...metadata, totalPrice: subscriptionTotal(subscription) },
    event.created,
    now,
  );
  return { userId: metadata.userId, outcome: null };
};

/**
 * A refund or dispute names only Stripe's payment intent, so every player database is asked for the payment it
 * credited. A subscription invoice's charge names no invoice either: Stripe is asked which invoice its payment intent
 * paid, and the take-back looks for that invoice's payment in every database.
 */
const takeBack = async (
  data: DataContext,
  stripe: Stripe,
  event: Stripe.Event,
  paymentIntentId: string | null,
  targetFor: (credits: number) => number,
  now: number,
) => {
  if (!paymentIntentId) return ignored(event, "no_credited_payment");
  const reason = event.type === "charge.refunded" ? "refund" : "dispute";
  const direct = await data.findInPlayers((d1) => findPaymentByIntent(d1, paymentIntentId));
  if (direct) {
    data.assertPlayerWritable(direct.found.userId);
    return takeBackCredits(direct.db, direct.found.id, targetFor, reason, now);
  }
  const payments = await stripe.invoicePayments.list({
    payment: { type: "payment_intent", payment_intent: paymentIntentId },
    limit: 1,
  });
  const invoiceId = idOf(payments.data[0]?.invoice);
  if (!invoiceId) return ignored(event, "no_credited_payment");
  const taken = await data.findInPlayers((d1) => takeBackCredits(d1, invoiceId, targetFor, reason, now));
  return taken?.found ?? null;
};

/**
 * Applies one verified event; throws (so the webhook answers 5xx and Stripe retries) when a write failed, or waits
 * (503) while the player is being moved to another database.
 */
export const handleStripeEvent = async (
  data: DataContext,
  stripe: Stripe,
  event: Stripe.Event,
  now: number,
): Promise<Handled | null> => {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // Delayed methods (bank debits) complete unpaid; async_payment_succeeded follows when the money arrives.
      if (session.payment_status !== "paid") return ignored(event, `payment_status_${session.payment_status}`);
      const purchase = purchaseFromSession(session);
      return purchase
        ? creditSession(data.writablePlayer(purchase.userId), data.metrics, purchase, now)
        : ignored(event, "not_ours");
    }
    case "invoice.paid":
      return (await creditInvoice(data, stripe, event.data.object, now)) ?? ignored(event, "not_ours");
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return syncSubscription(data, event, event.data.object, now);
    case "charge.refunded": {
      const charge = event.data.object;
      const share = (credits: number) => refundedShare(credits, charge.amount_refunded, charge.amount);
      return takeBack(data, stripe, event, idOf(charge.payment_intent), share, now);
    }
    case "charge.dispute.created":
      return takeBack(data, stripe, event, idOf(event.data.object.payment_intent), (credits) => credits, now);
    default:
      return ignored(event, "unhandled_type");
  }
};
