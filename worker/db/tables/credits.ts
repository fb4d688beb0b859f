import { desc, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

/**
 * balance = the sum of the player's credit_transactions. Two parts of it are tracked: redeemable came from winnings
 * and may leave as money; awarded came from an admin's award (or from picks paid with one) and never may.
 */
export const userCredits = sqliteTable(
  "user_credits",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    balance: integer("balance").notNull().default(0),
    redeemable: integer("redeemable").notNull().default(0),
    totalEarned: integer("total_earned").notNull().default(0),
    totalSpent: integer("total_spent").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    awarded: integer("awarded").notNull().default(0),
  },
  () => [
    check("user_credits_redeemable", sql`redeemable >= 0`),
    check("user_credits_awarded", sql`awarded >= 0`),
    check("user_credits_total_earned", sql`total_earned >= 0`),
    check("user_credits_total_spent", sql`total_spent >= 0`),
  ],
);

export const transactionTypes = [
  "purchase",
  "spend",
  "pick_payout",
  "refund",
  "daily_free",
  "promo_code",
  "bonus",
  "redemption",
  "reversal",
  "admin_adjustment",
] as const;
/** awarded: an admin's award, and what picks paid with awarded credits bring back; never redeemable. */
export const creditSources = ["purchased", "bonus", "winnings", "awarded"] as const;

/** The ledger: one row per credit movement, its idempotency key unique so no movement is written twice. */
export const creditTransactions = sqliteTable(
  "credit_transactions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    amount: integer("amount").notNull(),
    transactionType: text("transaction_type", { enum: transactionTypes }).notNull(),
    source: text("source", { enum: creditSources }).notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    questionId: text("question_id"),
    pickId: text("pick_id"),
    description: text("description").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("credit_transactions_user").on(t.userId, desc(t.createdAt), desc(t.id)),
    index("credit_transactions_question")
      .on(t.questionId)
      .where(sql`question_id IS NOT NULL`),
    // The monthly cap on referral bonuses counts a referrer's bonuses by key.
    index("credit_transactions_referrer_bonus")
      .on(t.userId, t.createdAt)
      .where(sql`idempotency_key LIKE 'referral:%:referrer'`),
    // The sweep that pays referrers in other shards reads the recent friends' bonuses.
    index("credit_transactions_friend_bonus")
      .on(t.createdAt)
      .where(sql`idempotency_key LIKE 'referral:%:friend'`),
    check("credit_transactions_amount", sql`amount <> 0`),
    check(
      "credit_transactions_type",
      sql`transaction_type IN ('purchase', 'spend', 'pick_payout', 'refund', 'daily_free', 'promo_code', 'bonus', 'redemption', 'reversal', 'admin_adjustment')`,
    ),
    check("credit_transactions_source", sql`source IN ('purchased', 'bonus', 'winnings', 'awarded')`),
  ],
);

/** Answers (and receipts) of money-moving requests sent with an Idempotency-Key (docs/decisions/0010-idempotency-receipts.md). */
export const idempotentResponses = sqliteTable(
  "idempotent_responses",
  {
    userId: text("user_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    route: text("route").notNull(),
    status: integer("status").notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at").notNull(),
    /** SHA-256 of the request the key was first used for; NULL on rows older than the column. */
    fingerprint: text("fingerprint"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);

/**
 * Never holds a row: `INSERT INTO batch_guard (ok) SELECT NULL WHERE NOT (<condition>)` fails on NOT NULL exactly
 * when the condition is false, so a D1 batch (a transaction without interactive control) can assert what its
 * earlier statements achieved and roll back otherwise.
 */
export const batchGuard = sqliteTable("batch_guard", {
  ok: integer("ok").notNull(),
});

/**
 * One row per daily credits claim: `day` is the player's local calendar day (YYYY-MM-DD) and only ever grows. `tz` is
 * the time zone the day's first claim reported (minutes behind UTC; NULL on claims from before it was kept): the next
 * claim waits for a new day there as well as in the zone it reports, and for 20 hours after this one, so changing the
 * reported zone cannot claim twice in a day.
 */
export const dailyClaims = sqliteTable(
  "daily_claims",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    day: text("day").notNull(),
    streak: integer("streak").notNull(),
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull(),
    tz: integer("tz"),
  },
  (t) => [
    uniqueIndex("daily_claims_user_day").on(t.userId, t.day),
    // The claim's own statement looks for a claim of the player's in the last 20 hours.
    index("daily_claims_user_time").on(t.userId, t.createdAt),
    check("daily_claims_streak", sql`streak >= 1`),
    check("daily_claims_amount", sql`amount > 0`),
  ],
);
