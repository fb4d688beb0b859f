import type Stripe from "stripe";
import { log } from "../../lib/log";
import { playRefusal, readPlayState, type PlayState } from "../play-rules/play-rules";
import type { Settings } from "../../env";
import { callStripe, stripeFor } from "./stripe-client";
import { liveSubscriptions } from "./subscription-rows";

type Hold = { pauseUntil: number } | { endAtPeriodEnd: true };

/**
 * What responsible play asks of a player's subscriptions: a break pauses collection until it ends (Stripe voids the
 * invoices in between, and collection resumes by itself); a self-exclusion, or a renewal that took the player over a
 * purchase limit, ends them when the period already paid for (and credited) runs out. Null: let them renew.
 */
const holdFor = (state: PlayState): Hold | null => {
  if (state.excluded) return { endAtPeriodEnd: true };
  if (state.onBreak && state.block?.breakUntil) return { pauseUntil: state.block.breakUntil };
  return playRefusal(state, "purchase") ? { endAtPeriodEnd: true } : null;
};

/**
 * Applies the hold the player's play state calls for to each of their live subscriptions in Stripe; the
 * customer.subscription.updated events that follow bring the rows up to date. Throws (a 503) when Stripe fails.
 */
export const holdSubscriptions = async (d1: D1Database, stripe: Stripe, userId: string, now: number) => {
  const hold = holdFor(await readPlayState(d1, userId, now));
  if (!hold) return;
  const change: Stripe.SubscriptionUpdateParams =
    "pauseUntil" in hold
      ? { pause_collection: { behavior: "void", resumes_at: Math.ceil(hold.pauseUntil / 1000) } }
      : { cancel_at_period_end: true };
  for (const { id } of await liveSubscriptions(d1, userId))
    await callStripe(() => stripe.subscriptions.update(id, change));
};

/**
 * From the player's own break or self-exclusion: it holds whatever Stripe answers, so a failure is only logged; the
 * next renewal's invoice.paid asks again (and counts, is credited, and is the last).
 */
export const holdSubscriptionsForPlayer = async (d1: D1Database, settings: Settings, userId: string, now: number) => {
  try {
    await holdSubscriptions(d1, stripeFor(settings), userId, now);
  } catch (error) {
    log("error", "subscription_hold_failed", { userId, error: String(error) });
  }
};
