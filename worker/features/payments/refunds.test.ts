import { shardOf } from "../../test/players";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { balanceOf, expectLedgerClean, setBalance } from "../../test/ledger";
import { signedInPlayer } from "../../test/sessions";
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
beforeEach(() => {
  stripe = useFakeStripe();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A credited one-time purchase and the payment intent its charge belongs to. */
const purchase = async (credits: number) => {
  const player = await signedInPlayer();
  const { sessionId, events } = await paidCheckout(stripe, player.bearer, { credits });
  for (const event of events) expect((await deliver(event)).status).toBe(200);
  const session = stripe.store.sessions.get(sessionId)?.session;
  return { player, paymentIntent: String(session?.payment_intent), amount: Number(session?.amount_total) };
};

const credits = (userId: string) =>
  shardOf(userId)
    .prepare("SELECT balance, redeemable FROM user_credits WHERE user_id = ?")
    .bind(userId)
    .first<{ balance: number; redeemable: number }>();

describe("refunds and disputes take purchased credits back", () => {
  it("a full refund takes them all, even below zero, once however often it is delivered", async () => {
    const { player, paymentIntent, amount } = await purchase(100);
    await setBalance(player.userId, 40);
    const refunded = stripeEvent("charge.refunded", refundedCharge(paymentIntent, amount, amount));
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(refunded)));
    expect(answers.every((response) => response.status === 200)).toBe(true);
    expect(await deliver(refunded).then((response) => response.status)).toBe(200);
    expect(await credits(player.userId)).toEqual({ balance: -60, redeemable: 0 });
    const reversals = await shardOf(player.userId)
      .prepare("SELECT amount, source FROM credit_transactions WHERE user_id = ? AND transaction_type = 'reversal'")
      .bind(player.userId)
      .all<{ amount: number; source: string }>();
    expect(reversals.results).toEqual([{ amount: -100, source: "purchased" }]);
    await expectLedgerClean();
  });

  it("partial refunds take a share, cumulative and in any order, never more than was bought", async () => {
    const { player, paymentIntent, amount } = await purchase(100);
    const half = stripeEvent("charge.refunded", refundedCharge(paymentIntent, amount, amount / 2));
    const full = stripeEvent("charge.refunded", refundedCharge(paymentIntent, amount, amount));
    await Promise.all([deliver(half), deliver(full), deliver(half)]);
    await deliver(half);
    expect(await balanceOf(player.userId)).toBe(0);
    await expectLedgerClean();

    const second = await purchase(100);
    await deliver(
      stripeEvent("charge.refunded", refundedCharge(second.paymentIntent, second.amount, second.amount / 4)),
    );
    expect(await balanceOf(second.player.userId)).toBe(75);
    await deliver(stripeEvent("charge.dispute.created", disputeOf(second.paymentIntent, second.amount)));
    await deliver(stripeEvent("charge.dispute.created", disputeOf(second.paymentIntent, second.amount)));
    expect(await balanceOf(second.player.userId)).toBe(0);
    await expectLedgerClean();
  });

  it("a refund of a charge we never credited changes nothing", async () => {
    const response = await deliver(stripeEvent("charge.refunded", refundedCharge("pi_unknown", 500, 500)));
    expect(response.status).toBe(200);
    await expectLedgerClean();
  });
});
