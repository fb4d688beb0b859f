import { shardOf } from "../../test/players";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Json } from "../../test/stripe";
import { cancelSubscription, renewSubscription } from "../../test/stripe";
import { apiClient, successOf } from "../../test/client";
import { balanceOf, expectLedgerClean } from "../../test/ledger";
import { signedInPlayer } from "../../test/sessions";
import { deliver, paidCheckout, stripeEvent, useFakeStripe, verify, type FakeStripe } from "../../test/stripe";

let stripe: FakeStripe;
beforeEach(() => {
  stripe = useFakeStripe();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const subscriptionsOf = async (headers: Record<string, string>) =>
  (await successOf(apiClient({ headers }).subscriptions.$get())).body.items;

const subscribe = async (credits: number) => {
  const player = await signedInPlayer();
  const { sessionId, events } = await paidCheckout(stripe, player.bearer, { credits, mode: "subscription" });
  const subscriptionId = String(stripe.store.sessions.get(sessionId)?.session.subscription);
  return { player, sessionId, events, subscriptionId };
};

const invoiceCount = (userId: string) =>
  shardOf(userId)
    .prepare("SELECT COUNT(*) AS n FROM credit_transactions WHERE user_id = ? AND idempotency_key LIKE 'invoice:%'")
    .bind(userId)
    .first<{ n: number }>()
    .then((row) => row?.n ?? 0);

describe("subscriptions", () => {
  it("credit the first month once, whichever of checkout, invoice.paid and verify comes first", async () => {
    const { player, sessionId, events, subscriptionId } = await subscribe(100);
    const [completed, paid] = events as [Json, Json];
    await Promise.all([deliver(paid), verify(player.bearer, sessionId), deliver(completed), deliver(paid)]);
    await deliver(completed);
    expect(await balanceOf(player.userId)).toBe(100);
    expect(await invoiceCount(player.userId)).toBe(1);
    const [subscription] = await subscriptionsOf(player.bearer);
    expect(subscription).toMatchObject({
      id: subscriptionId,
      status: "active",
      creditsAmount: 100,
      totalPrice: 7600,
      currency: "USD",
    });
    expect(subscription?.nextDeliveryDate).toBeGreaterThan(Date.now());
    await expectLedgerClean();
  });

  it("give N monthly credits for N invoices, and nothing for duplicates", async () => {
    const { player, events, subscriptionId } = await subscribe(20);
    for (const event of events) await deliver(event);
    const renewals = [1, 2, 3].flatMap(() => renewSubscription(stripe.store, subscriptionId));
    await Promise.all(renewals.flatMap((event) => [deliver(event), deliver(event)]));
    for (const event of renewals) await deliver(event);
    expect(await invoiceCount(player.userId)).toBe(4);
    expect(await balanceOf(player.userId)).toBe(80);
    const lastPeriodEnd = Math.max(
      ...renewals.map(
        (event) =>
          (event.data as { object: { lines: { data: { period: { end: number } }[] } } }).object.lines.data[0]?.period
            .end ?? 0,
      ),
    );
    expect((await subscriptionsOf(player.bearer))[0]?.nextDeliveryDate).toBe(lastPeriodEnd * 1000);
    await expectLedgerClean();
  });

  it("stay cancelled when an older update arrives after the deletion", async () => {
    const { player, events, subscriptionId } = await subscribe(10);
    for (const event of events) await deliver(event);
    const [deleted] = cancelSubscription(stripe.store, subscriptionId) as [Json];
    const subscription = (deleted.data as { object: Json }).object;
    const created = Number(deleted.created);
    await deliver(deleted);
    await deliver(
      stripeEvent(
        "customer.subscription.updated",
        { ...subscription, status: "active", cancel_at_period_end: false },
        created - 60,
      ),
    );
    await deliver(stripeEvent("customer.subscription.updated", { ...subscription, status: "active" }, created));
    expect((await subscriptionsOf(player.bearer))[0]?.status).toBe("canceled");

    const newer = stripeEvent("customer.subscription.updated", { ...subscription, status: "past_due" }, created + 60);
    await deliver(newer);
    expect((await subscriptionsOf(player.bearer))[0]?.status).toBe("past_due");
  });

  it("allow one live subscription at a time", async () => {
    const { player, events } = await subscribe(10);
    for (const event of events) await deliver(event);
    const second = await apiClient({ headers: player.bearer }).payments.checkout.$post({
      json: { credits: 10, currency: "USD", mode: "subscription" },
    });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { message: "You already have an active subscription" } });
  });

  it("take a refunded invoice's credits back, finding the invoice through Stripe", async () => {
    const { player, events } = await subscribe(50);
    for (const event of events) await deliver(event);
    const payment = stripe.store.invoicePayments[0] as { payment: { payment_intent: string }; amount_paid: number };
    const refund = {
      id: "ch_sub",
      object: "charge",
      amount: payment.amount_paid,
      amount_refunded: payment.amount_paid,
      payment_intent: payment.payment.payment_intent,
    };
    expect((await deliver(stripeEvent("charge.refunded", refund))).status).toBe(200);
    expect(await balanceOf(player.userId)).toBe(0);
    await expectLedgerClean();
  });

  it("open the Customer Portal for a customer, and answer 404 for a player who never paid", async () => {
    const { player } = await subscribe(10);
    const portal = await successOf(apiClient({ headers: player.bearer }).payments.portal.$post());
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/portal\/bps_/);
    const stranger = await signedInPlayer();
    const none = await apiClient({ headers: stranger.bearer }).payments.portal.$post();
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: { message: "No subscription found" } });
    expect(await subscriptionsOf(stranger.bearer)).toEqual([]);
  });
});
