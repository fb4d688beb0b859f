import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { priceFor } from "#shared/pricing";
import { apiClient, successOf } from "../../test/client";
import { auditLedgerAfterEach, balanceOf } from "../../test/ledger";
import { shardOf } from "../../test/players";
import { signedInPlayer, type SignedInPlayer } from "../../test/sessions";
import { deliver, paidCheckout, renewSubscription, useFakeStripe, type FakeStripe } from "../../test/stripe";

auditLedgerAfterEach();

let stripe: FakeStripe;
beforeEach(() => {
  stripe = useFakeStripe();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const CREDITS = 20;
const PRICE = priceFor(CREDITS, "subscription", "USD", 1).amount;

const play = (player: SignedInPlayer) => apiClient({ headers: player.bearer })["responsible-play"];

const subscribed = async (monthlyPurchaseLimit?: number) => {
  const player = await signedInPlayer();
  if (monthlyPurchaseLimit)
    await successOf(
      play(player).limits.$put({ json: { kind: "purchase", period: "month", amount: monthlyPurchaseLimit } }),
    );
  const { sessionId, events } = await paidCheckout(stripe, player.bearer, { credits: CREDITS, mode: "subscription" });
  for (const event of events) await deliver(event);
  const subscriptionId = String(stripe.store.sessions.get(sessionId)?.session.subscription);
  return { player, subscriptionId, inStripe: () => stripe.store.subscriptions.get(subscriptionId)!.subscription };
};

const renew = async (subscriptionId: string) => {
  const events = renewSubscription(stripe.store, subscriptionId);
  for (const event of events) expect((await deliver(event)).status).toBe(200);
  return events.map((event) => event.type);
};

const purchasedThisMonth = async (player: SignedInPlayer) =>
  (await successOf(play(player).$get())).body.limits.find((l) => l.kind === "purchase" && l.period === "month")?.used;

describe("subscriptions under responsible play", () => {
  it("count each paid renewal toward the purchase limits, credit one that goes over and end the subscription after it", async () => {
    const { player, subscriptionId, inStripe } = await subscribed(PRICE * 2);
    expect(await renew(subscriptionId)).toEqual(["invoice.paid"]);
    expect(await purchasedThisMonth(player)).toBe(PRICE * 2);
    expect(inStripe().cancel_at_period_end).toBe(false);

    // A repeated delivery neither credits nor counts again.
    const [overEvent] = renewSubscription(stripe.store, subscriptionId);
    await deliver(overEvent!);
    await deliver(overEvent!);
    expect(await balanceOf(player.userId)).toBe(CREDITS * 3);
    expect(await purchasedThisMonth(player)).toBe(PRICE * 3);
    expect(inStripe().cancel_at_period_end).toBe(true);
    const checkout = await apiClient({ headers: player.bearer }).payments.checkout.$post({
      json: { credits: 5, currency: "USD", mode: "payment" },
    });
    expect(checkout.status).toBe(422);

    expect(await renew(subscriptionId)).toEqual(["customer.subscription.deleted"]);
    expect(await balanceOf(player.userId)).toBe(CREDITS * 3);
  });

  it("pause collection for a break until it ends, and end the subscription at the period's end on a self-exclusion", async () => {
    const { player, subscriptionId, inStripe } = await subscribed();
    // Thirty days: the break still runs when the next month is billed.
    const { body } = await successOf(play(player).break.$post({ json: { length: "30d" } }));
    expect(inStripe().pause_collection).toEqual({ behavior: "void", resumes_at: Math.ceil(body.breakUntil! / 1000) });
    expect(await renew(subscriptionId)).toEqual([]);
    expect(await balanceOf(player.userId)).toBe(CREDITS);

    await successOf(play(player)["self-exclusion"].$post({ json: { length: "6m" } }));
    expect(inStripe().cancel_at_period_end).toBe(true);
  });

  it("credit a renewal that arrives during a self-exclusion, count it, and end the subscription after it", async () => {
    const { player, subscriptionId, inStripe } = await subscribed();
    // Excluded without the route (as if its call to Stripe had failed): the renewal is the second chance.
    await shardOf(player.userId)
      .prepare("INSERT INTO play_blocks (user_id, excluded_until, updated_at) VALUES (?, ?, ?)")
      .bind(player.userId, Date.now() + 86_400_000, Date.now())
      .run();
    expect(await renew(subscriptionId)).toEqual(["invoice.paid"]);
    expect(await balanceOf(player.userId)).toBe(CREDITS * 2);
    expect(await purchasedThisMonth(player)).toBe(PRICE * 2);
    expect(inStripe().cancel_at_period_end).toBe(true);
  });
});
