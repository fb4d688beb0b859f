import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { playerDb } from "../../db/shards";
import { apiClient, successOf } from "../../test/client";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { signedInPlayer } from "../../test/sessions";
import { rowsByDatabase, twoShardEnv, userIdInShard } from "../../test/shards";
import type { Json } from "../../test/stripe";
import {
  cancelSubscription,
  deliver,
  disputeOf,
  paidCheckout,
  refundedCharge,
  renewSubscription,
  stripeEvent,
  useFakeStripe,
  verify,
  type FakeStripe,
} from "../../test/stripe";

const shards = twoShardEnv();

let stripe: FakeStripe;
beforeEach(() => {
  stripe = useFakeStripe();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const buyerIn = (shard: 0 | 1) => signedInPlayer(0, shards, userIdInShard(shard));

const onlyInShard = (count: number) => ({ shard: count, other: 0, catalogue: 0 });

const expectLedgersClean = async () => {
  for (const d1 of [env.SHARD_0, env.SHARD_1, env.DB]) await expectLedgerClean(d1);
};

const checkout = (headers: Record<string, string>, credits: number, mode: "payment" | "subscription" = "payment") =>
  apiClient({ headers, env: shards }).payments.checkout.$post({ json: { credits, currency: "USD", mode } });

describe("payments with players over two shards", () => {
  it("credits a purchase in the buyer's shard, from the webhook or the return page, once", async () => {
    const [first, second] = [await buyerIn(0), await buyerIn(1)];
    const bought = await paidCheckout(stripe, first.bearer, { credits: 100 }, shards);
    for (const event of [...bought.events, ...bought.events]) expect((await deliver(event, shards)).status).toBe(200);
    const returned = await paidCheckout(stripe, second.bearer, { credits: 40, currency: "EUR" }, shards);
    expect((await verify(second.bearer, returned.sessionId, shards)).body).toMatchObject({
      success: true,
      wasDuplicate: false,
      newBalance: 40,
    });
    for (const event of returned.events) expect((await deliver(event, shards)).status).toBe(200);
    expect((await verify(second.bearer, returned.sessionId, shards)).body).toMatchObject({
      success: true,
      wasDuplicate: true,
      newBalance: 40,
    });

    for (const [player, credits] of [
      [first, 100],
      [second, 40],
    ] as const) {
      expect(await balanceOf(player.userId, playerDb(shards, player.userId))).toBe(credits);
      for (const table of [
        "credit_transactions",
        "stripe_payments",
        "stripe_customers",
        "checkout_attempts",
        "user_credits",
      ]) {
        expect({ table, rows: await rowsByDatabase(shards, table, player.userId) }).toEqual({
          table,
          rows: onlyInShard(1),
        });
      }
    }
    await expectLedgersClean();
  });

  it("checks the purchase limits, attempts and live subscription kept in the buyer's shard", async () => {
    const buyer = await buyerIn(1);
    const now = Date.now();
    await playerDb(shards, buyer.userId)
      .prepare(
        "INSERT INTO play_limits (id, user_id, kind, period, amount, effective_at, created_at) VALUES (?, ?, 'purchase', 'day', 1000, ?, ?)",
      )
      .bind(crypto.randomUUID(), buyer.userId, now - 1, now - 1)
      .run();
    expect((await checkout(buyer.bearer, 5)).status).toBe(200);
    const over = await checkout(buyer.bearer, 6);
    expect(over.status).toBe(422);
    expect(await over.json()).toMatchObject({
      error: { message: "This would go over your daily limit of $10.00 on purchases" },
    });
    expect(await rowsByDatabase(shards, "checkout_attempts", buyer.userId)).toEqual(onlyInShard(1));

    const subscriber = await buyerIn(0);
    const { events } = await paidCheckout(stripe, subscriber.bearer, { credits: 10, mode: "subscription" }, shards);
    for (const event of events) await deliver(event, shards);
    const second = await checkout(subscriber.bearer, 10, "subscription");
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { message: "You already have an active subscription" } });
  });

  it("keeps a subscription, its monthly credits and its cancellation in the subscriber's shard", async () => {
    const subscriber = await buyerIn(1);
    const { sessionId, events } = await paidCheckout(
      stripe,
      subscriber.bearer,
      { credits: 20, mode: "subscription" },
      shards,
    );
    for (const event of events) await deliver(event, shards);
    const subscriptionId = String(stripe.store.sessions.get(sessionId)?.session.subscription);
    for (const event of renewSubscription(stripe.store, subscriptionId)) await deliver(event, shards);
    expect(await balanceOf(subscriber.userId, playerDb(shards, subscriber.userId))).toBe(40);

    const client = apiClient({ headers: subscriber.bearer, env: shards });
    expect((await successOf(client.subscriptions.$get())).body.items).toMatchObject([
      { id: subscriptionId, status: "active", creditsAmount: 20 },
    ]);
    expect((await successOf(client.payments.portal.$post())).body.url).toMatch(/\/portal\/bps_/);
    for (const event of cancelSubscription(stripe.store, subscriptionId)) await deliver(event, shards);
    expect((await successOf(client.subscriptions.$get())).body.items).toMatchObject([
      { id: subscriptionId, status: "canceled" },
    ]);
    expect(await rowsByDatabase(shards, "subscriptions", subscriber.userId)).toEqual(onlyInShard(1));
    expect(await rowsByDatabase(shards, "stripe_payments", subscriber.userId)).toEqual(onlyInShard(2));
    await expectLedgersClean();
  });

  it("takes refunded and disputed credits back in the buyer's shard, whichever shard it is", async () => {
    const buyer = await buyerIn(0);
    const { sessionId, events } = await paidCheckout(stripe, buyer.bearer, { credits: 100 }, shards);
    for (const event of events) await deliver(event, shards);
    const session = stripe.store.sessions.get(sessionId)?.session;
    const [intent, amount] = [String(session?.payment_intent), Number(session?.amount_total)];
    await deliver(stripeEvent("charge.refunded", refundedCharge(intent, amount, amount / 4)), shards);
    expect(await balanceOf(buyer.userId, playerDb(shards, buyer.userId))).toBe(75);
    await deliver(stripeEvent("charge.dispute.created", disputeOf(intent, amount)), shards);
    expect(await balanceOf(buyer.userId, playerDb(shards, buyer.userId))).toBe(0);

    // A subscription's charge names no invoice: Stripe says which, and the shard holding that invoice's payment takes it back.
    const subscriber = await buyerIn(1);
    const subscription = await paidCheckout(stripe, subscriber.bearer, { credits: 50, mode: "subscription" }, shards);
    for (const event of subscription.events) await deliver(event, shards);
    const payment = stripe.store.invoicePayments.at(-1) as { payment: { payment_intent: string }; amount_paid: number };
    const {
      amount_paid: paid,
      payment: { payment_intent: intentOfInvoice },
    } = payment;
    const refund: Json = {
      id: "ch_shard_sub",
      object: "charge",
      amount: paid,
      amount_refunded: paid,
      payment_intent: intentOfInvoice,
    };
    expect((await deliver(stripeEvent("charge.refunded", refund), shards)).status).toBe(200);
    expect(await balanceOf(subscriber.userId, playerDb(shards, subscriber.userId))).toBe(0);

    // The purchases and their reversals: two for the one-time purchase (a refund's share, then the dispute's rest).
    expect(await rowsByDatabase(shards, "credit_transactions", buyer.userId)).toEqual(onlyInShard(3));
    expect(await rowsByDatabase(shards, "credit_transactions", subscriber.userId)).toEqual(onlyInShard(2));
    await expectLedgersClean();
  });
});
