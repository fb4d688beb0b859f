import { and, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { createDb } from "../../db/client";
import { subscriptions } from "../../db/schema";
import type { PurchaseMetadata } from "./stripe-objects";

/** Statuses in which a subscription still delivers (or will retry) monthly credits: no second one may start. */
const LIVE_STATUSES = ["active", "trialing", "past_due"];

/** The player's subscriptions that still deliver credits, by id. */
export const liveSubscriptions = (d1: D1Database, userId: string) =>
  createDb(d1)
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_STATUSES)));

type Known = PurchaseMetadata & {
  subscriptionId: string;
  customerId: string | null;
  totalPrice: number;
  currency: string;
  now: number;
};

/**
 * The row as a paid checkout or invoice first reveals it. It never overwrites a status: only subscription events do,
 * and they start at last_event_at 0 so any of them wins over this first sight.
 */
export const recordSubscription = (d1: D1Database, known: Known, nextDelivery: number | null = null) =>
  d1
    .prepare(
      `INSERT INTO subscriptions (id, user_id, customer_id, status, credits_amount, total_price, currency, next_delivery_date,
         created_at, updated_at)
       VALUES (?1, ?2, ?3, 'active', ?4, ?5, ?6, ?7, ?8, ?8)
       ON CONFLICT(id) DO UPDATE SET
         next_delivery_date = MAX(COALESCE(next_delivery_date, 0), COALESCE(excluded.next_delivery_date, 0)),
         customer_id = COALESCE(customer_id, excluded.customer_id), updated_at = excluded.updated_at`,
    )
    .bind(
      known.subscriptionId,
      known.userId,
      known.customerId,
      known.credits,
      known.totalPrice,
      known.currency,
      nextDelivery,
      known.now,
    );

/**
 * A customer.subscription.* event, applied only when it is newer than the last one applied. On a tie (Stripe's
 * `created` is in seconds) a cancellation wins: an update of the same second never revives it.
 */
export const applySubscriptionEvent = (
  d1: D1Database,
  subscription: Stripe.Subscription,
  owner: PurchaseMetadata & { totalPrice: number },
  eventCreated: number,
  now: number,
) => {
  const s = subscriptions;
  return createDb(d1)
    .insert(s)
    .values({
      id: subscription.id,
      userId: owner.userId,
      customerId: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
      status: subscription.status,
      creditsAmount: owner.credits,
      totalPrice: owner.totalPrice,
      currency: subscription.currency.toUpperCase(),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      lastEventAt: eventCreated,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: s.id,
      set: {
        status: sql`excluded.status`,
        cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
        lastEventAt: sql`excluded.last_event_at`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`excluded.last_event_at > ${s.lastEventAt} OR (excluded.last_event_at = ${s.lastEventAt} AND ${s.status} <> 'canceled')`,
    });
};
