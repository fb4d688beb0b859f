import { randomUUID } from "node:crypto";
import { CURRENCIES } from "#shared/pricing";
import { count, pickOne, weighted, type SoakContext } from "./context";
import type { Credits, Me, Player, Reward } from "./player-state";

const PACKS = [50, 100, 250, 500] as const;
/** Stand-in session ids are Stripe's shape; the return URL carries one. */
const SESSION_ID = /[?&]session_id=(cs_\w+)/;

type Verified = { success: boolean; newBalance: number; creditsAdded: number };

/**
 * A purchase as a browser makes it: the price, a Checkout Session, the Pay button on the stand-in's page (which
 * delivers the webhooks before redirecting) and the return page's verify call. A player with no subscription
 * sometimes subscribes instead.
 */
export const buyCredits = async (ctx: SoakContext, player: Player) => {
  const credits = pickOne(PACKS) ?? 100;
  const currency = weighted<string>([
    ["USD", 8],
    ...CURRENCIES.filter((c) => c !== "USD").map((c) => [c, 0.4] as const),
  ]);
  const mode = !player.subscribed && Math.random() < 0.1 ? "subscription" : "payment";
  await player.api("GET /api/pricing", "GET", `/api/pricing?credits=${credits}&currency=${currency}&mode=${mode}`);
  const checkout = await player.api<{ url: string }>("POST /api/payments/checkout", "POST", "/api/payments/checkout", {
    body: { credits, currency, mode },
    // 409: a subscription already runs; 429: 30 checkouts an hour per player.
    expected: [409, 429],
  });
  if (!checkout.data) {
    if (checkout.status === 409) player.subscribed = true;
    return;
  }
  const paid = await ctx.http("POST stand-in /checkout/:id/pay", "POST", `${checkout.data.url}/pay`);
  const sessionId = paid.location?.match(SESSION_ID)?.[1];
  if (paid.status !== 303 || !sessionId) {
    ctx.log(`stand-in pay answered ${paid.status} without a session id: ${paid.body.slice(0, 200)}`);
    return;
  }
  const verified = await player.api<Verified>("POST /api/payments/verify", "POST", "/api/payments/verify", {
    body: { sessionId },
  });
  if (!verified.data?.success) return;
  if (mode === "subscription") player.subscribed = true;
  count(ctx.activity, mode === "subscription" ? "subscriptions started" : "purchases");
  count(ctx.activity, "credits bought", credits);
  const me = await player.api<Me>("GET /api/me", "GET", "/api/me");
  if (me.data) player.credits = me.data.credits;
};

/** The largest preselected amount the player can afford, else everything redeemable when the card allows it. */
const amountFor = (reward: Reward, redeemable: number) => {
  const fits = (n: number) => n >= reward.minAmount && n <= Math.min(reward.maxAmount, redeemable);
  const preset = reward.preselectedAmounts.filter(fits).sort((a, b) => b - a)[0];
  return preset ?? (fits(redeemable) ? redeemable : null);
};

/** A gift card from winnings, with an Idempotency-Key as the web form sends one. */
export const redeem = async (ctx: SoakContext, player: Player) => {
  if (!player.rewards) {
    const rewards = await player.api<{ items: Reward[] }>("GET /api/rewards", "GET", "/api/rewards");
    player.rewards = rewards.data?.items.filter((reward) => reward.countryCodes.includes(player.country)) ?? null;
  }
  const choices = (player.rewards ?? []).map((reward) => ({
    reward,
    credits: amountFor(reward, player.credits.redeemable),
  }));
  const choice = pickOne(choices.filter((c) => c.credits !== null));
  if (!choice?.credits) return;
  const reply = await player.api<{ credits: Credits }>(
    "POST /api/redemptions/gift-card",
    "POST",
    "/api/redemptions/gift-card",
    {
      body: {
        rewardId: choice.reward.id,
        credits: choice.credits,
        email: `soak-${player.id}@example.com`,
        ageConfirmed: true,
      },
      headers: { "Idempotency-Key": randomUUID() },
      // The redeemable balance moved since the player last looked (402), or the day's cap was reached (422).
      expected: [402, 422],
    },
  );
  if (reply.status !== 201 && reply.status !== 200) return;
  count(ctx.activity, "gift cards redeemed");
  count(ctx.activity, "credits redeemed", choice.credits);
  if (reply.data?.credits) player.credits = reply.data.credits;
};
