import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { priceFor, type Currency, type PurchaseMode } from "#shared/pricing";
import { AppError } from "../../lib/errors";
import { readExchangeRates } from "../exchange-rates/exchange-rates.service";
import { callStripe } from "./stripe-client";
import { liveSubscriptions } from "./subscription-rows";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { stripeCustomers } from "../../db/schema";
import { newId } from "../../lib/ids";
import { blockedSql, playRefusal, readPlayState, withinLimitsSql } from "../play-rules/play-rules";
import { MOVEMENT_APPLIED_SQL } from "../credits/ledger.service";

type Buyer = { id: string; email: string };
type CheckoutInput = { credits: number; currency: Currency; mode: PurchaseMode };

const selectCustomer = (d1: D1Database, userId: string) =>
  createDb(d1)
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, userId));

export const customerIdOf = async (d1: D1Database, userId: string) =>
  (await selectCustomer(d1, userId))[0]?.customerId ?? null;

/** One Stripe customer per player; concurrent first checkouts get the same one through Stripe's idempotency key. */
const customerFor = async (d1: D1Database, stripe: Stripe, buyer: Buyer, now: number) => {
  const existing = await customerIdOf(d1, buyer.id);
  if (existing) return existing;
  const customer = await callStripe(() =>
    stripe.customers.create(
      { email: buyer.email, metadata: { userId: buyer.id } },
      { idempotencyKey: `customer:${buyer.id}` },
    ),
  );
  const db = createDb(d1);
  const [, stored] = await db.batch([
    db
      .insert(stripeCustomers)
      .values({ userId: buyer.id, customerId: customer.id, createdAt: now })
      .onConflictDoNothing({ target: stripeCustomers.userId }),
    selectCustomer(d1, buyer.id),
  ]);
  return stored[0]?.customerId ?? customer.id;
};

export const hasLiveSubscription = async (d1: D1Database, userId: string) =>
  (await liveSubscriptions(d1, userId).limit(1)).length > 0;

/**
 * Every checkout counts against the purchase limits at its US price, paid or not, and none starts on a break or
 * during a self-exclusion: the check and the record are one statement, so racing checkouts cannot both slip under.
 */
const recordCheckoutAttempt = async (d1: D1Database, userId: string, usdCents: number, now: number) => {
  const binds = { user: "?2", now: "?4" };
  const { meta } = await d1
    .prepare(
      `INSERT INTO checkout_attempts (id, user_id, usd_cents, created_at) SELECT ?1, ?2, ?3, ?4
       WHERE NOT ${blockedSql(binds)} AND ${withinLimitsSql("purchase", binds, "?3")}`,
    )
    .bind(newId(), userId, usdCents, now)
    .run();
  if (meta.changes === 1) return;
  throw (
    playRefusal(await readPlayState(d1, userId, now), "purchase", usdCents) ??
    new AppError("conflict", "Failed to start checkout")
  );
};

/**
 * A subscription's renewal is money spent on a purchase too, counted at its US price like its first checkout, in
 * the batch that credits it and only when that batch did (a repeated delivery counts nothing). It is counted even
 * past a limit or during a break: the money was taken, and the player's usage must say so.
 */
export const countRenewal = (d1: D1Database, userId: string, credits: number, transactionId: string, now: number) =>
  d1
    .prepare(
      `INSERT INTO checkout_attempts (id, user_id, usd_cents, created_at) SELECT ?, ?, ?, ? WHERE ${MOVEMENT_APPLIED_SQL}`,
    )
    .bind(newId(), userId, priceFor(credits, "subscription", "USD", 1).amount, now, transactionId);

/**
 * A Checkout Session for exactly the price we compute (one line, quantity 1, since tiers make the price per credit
 * depend on the count). The buyer and the credits ride in metadata, on the subscription too, so every later event
 * says whom to credit, and so in which database. The buyer's limits, attempts and customer are in their database;
 * the exchange rates in the catalogue.
 */
export const createCheckout = async (
  data: DataContext,
  stripe: Stripe,
  appUrl: string,
  buyer: Buyer,
  input: CheckoutInput,
  now: number,
) => {
  const { credits, currency, mode } = input;
  const d1 = data.player(buyer.id);
  if (mode === "subscription" && (await hasLiveSubscription(d1, buyer.id))) {
    throw new AppError("conflict", "You already have an active subscription");
  }
  await recordCheckoutAttempt(d1, buyer.id, priceFor(credits, mode, "USD", 1).amount, now);
  const { rates } = await readExchangeRates(data.catalogue);
  const price = priceFor(credits, mode, currency, rates[currency]);
  const customer = await customerFor(d1, stripe, buyer, now);
  const metadata = { userId: buyer.id, credits: String(credits), mode };
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      mode,
      customer,
      client_reference_id: buyer.id,
      metadata,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: currency.toLowerCase(),
            unit_amount: price.amount,
            product_data: { name: mode === "subscription" ? `${credits} credits every month` : `${credits} credits` },
            ...(mode === "subscription" ? { recurring: { interval: "month" as const } } : {}),
          },
        },
      ],
      ...(mode === "subscription" ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
      success_url: `${appUrl}/home?payment=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/home?payment=cancelled`,
    }),
  );
  if (!session.url) throw new AppError("unavailable", "No checkout URL received");
  return { url: session.url };
};

export const createPortal = async (d1: D1Database, stripe: Stripe, appUrl: string, userId: string) => {
  const customer = await customerIdOf(d1, userId);
  if (!customer) throw new AppError("not_found", "No subscription found");
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${appUrl}/home` }),
  );
  if (!session.url) throw new AppError("unavailable", "No portal URL received");
  return { url: session.url };
};
