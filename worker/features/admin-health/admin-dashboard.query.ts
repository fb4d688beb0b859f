import { and, count, eq, gte, isNull, ne, sql } from "drizzle-orm";
import { boundQuery } from "../../db/compiled";
import { createDb } from "../../db/client";
import { dayOf } from "../../db/days";
import {
  activityFeed,
  giftCardRedemptions,
  scoreFeedAlerts,
  scoreFeedLinks,
  stripePayments,
  userCredits,
} from "../../db/schema";

/**
 * Picks made per UTC day since `since`. Read from the activity feed, whose 'pick' row the pick's own batch writes with
 * the pick's created_at (and a deleted question takes away with its picks): its created_at index keeps this a range
 * read of the window, where user_picks, indexed by player, would be read whole.
 */
export const picksPerDay = (d1: D1Database, since: number) => {
  const day = dayOf(activityFeed.createdAt).as("day");
  return boundQuery(
    d1,
    createDb(d1)
      .select({ day, picks: count() })
      .from(activityFeed)
      .where(and(gte(activityFeed.createdAt, since), eq(activityFeed.kind, "pick")))
      .groupBy((columns) => columns.day),
  );
};

/** Credited payments per UTC day: how many, and the credits they bought (before any refund took some back). */
export const purchasesPerDay = (d1: D1Database, since: number) => {
  const day = dayOf(stripePayments.createdAt).as("day");
  return boundQuery(
    d1,
    createDb(d1)
      .select({ day, purchases: count(), credits: sql<number>`SUM(${stripePayments.credits})`.as("credits") })
      .from(stripePayments)
      .where(gte(stripePayments.createdAt, since))
      .groupBy((columns) => columns.day),
  );
};

/** Redemptions asked for per UTC day and their credits, but those an admin rejected (their credits came back). */
export const redemptionsPerDay = (d1: D1Database, since: number) => {
  const day = dayOf(giftCardRedemptions.createdAt).as("day");
  return boundQuery(
    d1,
    createDb(d1)
      .select({
        day,
        redemptions: count(),
        credits: sql<number>`SUM(${giftCardRedemptions.creditsSpent})`.as("credits"),
      })
      .from(giftCardRedemptions)
      .where(and(gte(giftCardRedemptions.createdAt, since), ne(giftCardRedemptions.status, "rejected")))
      .groupBy((columns) => columns.day),
  );
};

/** The credits players could still cash out: what the game owes if every one of them redeemed. */
export const redeemableCredits = (d1: D1Database) =>
  boundQuery(
    d1,
    createDb(d1)
      .select({ credits: sql<number>`COALESCE(SUM(${userCredits.redeemable}), 0)`.as("credits") })
      .from(userCredits),
  );

/** Score-feed results players challenged and the feed's corrections, both waiting for an admin. */
export const challengesWaiting = (d1: D1Database) => {
  const db = createDb(d1);
  const alerts = db.select({ n: count() }).from(scoreFeedAlerts).where(isNull(scoreFeedAlerts.dismissedAt));
  return boundQuery(
    d1,
    db
      .select({ challenged: count(), alerts: sql<number>`${alerts}`.as("alerts") })
      .from(scoreFeedLinks)
      .where(eq(scoreFeedLinks.state, "challenged")),
  );
};
