import { env } from "cloudflare:test";
import { firstInAnyShard } from "../../test/players";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { expectLedgerClean, grantCredits, setBalance } from "../../test/ledger";
import { cashOut, creditsOf, redeemGiftCard } from "../../test/redemptions";
import {
  deliver,
  disputeOf,
  paidCheckout,
  refundedCharge,
  stripeEvent,
  useFakeStripe,
  type FakeStripe,
} from "../../test/stripe";

let stripe: FakeStripe;
let admin: TestAccount;
let count = 0;

beforeAll(async () => {
  admin = await signUpAndLogin("admin@example.com");
});
beforeEach(() => {
  stripe = useFakeStripe();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A player who bought 100 credits, won 60, redeemed `redeemed` of the winnings (one pending gift card) and spent
 * the purchase down to 10 credits: a refund or dispute of the purchase then leaves the balance below zero.
 */
const cashedOutBuyer = async (redeemed = 50) => {
  const player = await signUpAndLogin(`held-${++count}-${crypto.randomUUID().slice(0, 6)}@example.com`);
  const { sessionId, events } = await paidCheckout(stripe, player.bearer, { credits: 100 });
  for (const event of events) expect((await deliver(event)).status).toBe(200);
  const session = stripe.store.sessions.get(sessionId)?.session;
  await grantCredits(player.userId, 60, "winnings");
  const { body } = await redeemGiftCard(player, { credits: redeemed });
  await setBalance(player.userId, 10);
  return {
    player,
    redemptionId: body.redemption.id,
    paymentId: sessionId,
    paymentIntent: String(session?.payment_intent),
    amount: Number(session?.amount_total),
  };
};

const queueItem = async (id: string) => {
  const { body } = await successOf(
    apiClient({ headers: admin.bearer }).admin.redemptions.$get({ query: { status: "pending" } }),
  );
  return body.items.find((item) => item.id === id);
};

const decide = (id: string, status: "fulfilled" | "rejected") =>
  apiClient({ headers: admin.bearer }).admin.redemptions[":id"].$patch({ param: { id }, json: { status } });

const release = (id: string, headers: Record<string, string> = admin.bearer) =>
  apiClient({ headers }).admin.redemptions[":id"].release.$post({ param: { id } });

const holdOf = (id: string) =>
  firstInAnyShard("SELECT status, hold_cause, hold_payment_id FROM gift_card_redemptions WHERE id = ?", id);

describe("a refund or dispute after a cash-out", () => {
  it("holds the pending redemption with its cause, shows it to the admin, and blocks fulfilment", async () => {
    const buyer = await cashedOutBuyer();
    expect(
      (await deliver(stripeEvent("charge.refunded", refundedCharge(buyer.paymentIntent, buyer.amount)))).status,
    ).toBe(200);
    expect(await creditsOf(buyer.player.userId)).toMatchObject({ balance: -90, redeemable: 0 });

    const item = await queueItem(buyer.redemptionId);
    expect(item).toMatchObject({ status: "pending", hold: { cause: "charge_refunded", paymentId: buyer.paymentId } });
    const refused = await decide(buyer.redemptionId, "fulfilled");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: { message: "This redemption is on hold (charge refunded): release or reject it first" },
    });
    expect(await holdOf(buyer.redemptionId)).toMatchObject({ status: "pending", hold_cause: "charge_refunded" });
    await expectLedgerClean();
  });

  it("refuses new redemptions while the balance is below zero, with its own message", async () => {
    const buyer = await cashedOutBuyer(10);
    await deliver(stripeEvent("charge.dispute.created", disputeOf(buyer.paymentIntent, buyer.amount)));
    // Winnings first pay off the debt, so the balance is still below zero after this.
    await grantCredits(buyer.player.userId, 40, "winnings");
    expect(await creditsOf(buyer.player.userId)).toMatchObject({ balance: -50, redeemable: 0 });
    for (const answer of [
      await redeemGiftCard(buyer.player, { credits: 10 }),
      await cashOut(buyer.player, { amount: 10 }),
    ]) {
      expect(answer.status).toBe(422);
      expect(answer.body.error).toEqual({
        code: "rule_violation",
        title: "Redemption Paused",
        message: "Redemptions are paused while your credit balance is below zero",
      });
    }
    await expectLedgerClean();
  });

  it("lets the admin reject a held redemption, refunding its credits as any rejection does", async () => {
    const buyer = await cashedOutBuyer();
    await deliver(stripeEvent("charge.dispute.created", disputeOf(buyer.paymentIntent, buyer.amount)));
    expect((await queueItem(buyer.redemptionId))?.hold).toMatchObject({
      cause: "dispute_opened",
      paymentId: buyer.paymentId,
    });
    const rejected = await successOf(decide(buyer.redemptionId, "rejected"));
    expect(rejected.status).toBe(200);
    expect(rejected.body.redemption.status).toBe("rejected");
    expect(await creditsOf(buyer.player.userId)).toMatchObject({ balance: -40, redeemable: 0 });
    await expectLedgerClean();
  });

  it("makes it fulfillable once an admin releases it, once, with an audit row; a repeated event does not hold it again", async () => {
    const buyer = await cashedOutBuyer();
    const refunded = stripeEvent("charge.refunded", refundedCharge(buyer.paymentIntent, buyer.amount));
    await deliver(refunded);

    const player = await release(buyer.redemptionId, buyer.player.bearer);
    expect(player.status).toBe(403);
    const answers = await Promise.all(Array.from({ length: 5 }, () => release(buyer.redemptionId)));
    const statuses: number[] = answers.map((answer) => answer.status);
    expect([...statuses].sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await answers[statuses.indexOf(409)]?.json()).toMatchObject({
      error: { message: "This redemption is not on hold" },
    });
    const audit = await env.DB.prepare(
      "SELECT action, admin_id, before, after FROM admin_audit_log WHERE entity = 'redemption' AND entity_id = ?",
    )
      .bind(buyer.redemptionId)
      .all<{ action: string; admin_id: string; before: string; after: string | null }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]).toMatchObject({ action: "release_hold", admin_id: admin.userId, after: null });
    expect(JSON.parse(audit.results[0]?.before ?? "null")).toMatchObject({
      cause: "charge_refunded",
      paymentId: buyer.paymentId,
    });

    expect((await deliver(refunded)).status).toBe(200);
    expect((await queueItem(buyer.redemptionId))?.hold).toBeNull();
    expect((await decide(buyer.redemptionId, "fulfilled")).status).toBe(200);
    expect(await (await release(buyer.redemptionId)).json()).toMatchObject({
      error: { message: "This redemption has already been fulfilled" },
    });
    await expectLedgerClean();
  });

  it("holds only that player's pending redemptions, never decided ones or other players'", async () => {
    const buyer = await cashedOutBuyer();
    const other = await cashedOutBuyer();
    await grantCredits(buyer.player.userId, 20, "winnings");
    const second = await redeemGiftCard(buyer.player, { credits: 20 });
    expect((await decide(second.body.redemption.id, "fulfilled")).status).toBe(200);
    await deliver(stripeEvent("charge.refunded", refundedCharge(buyer.paymentIntent, buyer.amount)));
    expect(await holdOf(buyer.redemptionId)).toMatchObject({
      hold_cause: "charge_refunded",
      hold_payment_id: buyer.paymentId,
    });
    expect(await holdOf(second.body.redemption.id)).toMatchObject({ status: "fulfilled", hold_cause: null });
    expect(await holdOf(other.redemptionId)).toMatchObject({ status: "pending", hold_cause: null });
    expect((await release(other.redemptionId)).status).toBe(409);
    await expectLedgerClean();
  });

  it("never lets a fulfilment and a hold both win when they race", async () => {
    const buyer = await cashedOutBuyer();
    const [decided] = await Promise.all([
      decide(buyer.redemptionId, "fulfilled"),
      deliver(stripeEvent("charge.refunded", refundedCharge(buyer.paymentIntent, buyer.amount))),
    ]);
    const row = await holdOf(buyer.redemptionId);
    if (decided.status === 200) expect(row).toMatchObject({ status: "fulfilled", hold_cause: null });
    else expect(row).toMatchObject({ status: "pending", hold_cause: "charge_refunded" });
    await expectLedgerClean();
  });
});
