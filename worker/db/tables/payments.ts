import { desc, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { creditTransactions } from "./credits";

/** Amounts are integers in the currency's minor unit (cents; yen for JPY). */
export const stripeCustomers = sqliteTable("stripe_customers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  customerId: text("customer_id").notNull().unique(),
  createdAt: integer("created_at").notNull(),
});

/**
 * One row per credited payment: a checkout session (cs_...) or a subscription invoice (in_...), written in the batch
 * of its grant, so it exists exactly when the credits were given. credits_taken_back only grows, by
 * compare-and-set, as refunds and disputes take the credits back.
 */
export const stripePayments = sqliteTable(
  "stripe_payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["checkout", "invoice"] }).notNull(),
    credits: integer("credits").notNull(),
    currency: text("currency").notNull(),
    amount: integer("amount").notNull(),
    paymentIntentId: text("payment_intent_id"),
    subscriptionId: text("subscription_id"),
    transactionId: text("transaction_id")
      .notNull()
      .unique()
      .references(() => creditTransactions.id),
    creditsTakenBack: integer("credits_taken_back").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /**
     * The verify call that first answered the player's return from checkout (the ledger row id it tried to write):
     * that return, and a replay of it, says the credits arrived; any later one says they were already credited.
     */
    returnShownBy: text("return_shown_by"),
  },
  (t) => [
    index("stripe_payments_intent")
      .on(t.paymentIntentId)
      .where(sql`payment_intent_id IS NOT NULL`),
    index("stripe_payments_user").on(t.userId, desc(t.createdAt)),
    check("stripe_payments_kind", sql`kind IN ('checkout', 'invoice')`),
    check("stripe_payments_credits", sql`credits > 0`),
    check("stripe_payments_amount", sql`amount >= 0`),
    check("stripe_payments_taken_back", sql`credits_taken_back BETWEEN 0 AND credits`),
  ],
);

/** last_event_at is the Stripe `created` second of the newest subscription event applied: older events are ignored. */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    customerId: text("customer_id"),
    status: text("status").notNull(),
    creditsAmount: integer("credits_amount").notNull(),
    totalPrice: integer("total_price").notNull(),
    currency: text("currency").notNull(),
    nextDeliveryDate: integer("next_delivery_date"),
    cancelAtPeriodEnd: integer("cancel_at_period_end", { mode: "boolean" }).notNull().default(false),
    lastEventAt: integer("last_event_at").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("subscriptions_user").on(t.userId, desc(t.createdAt)),
    check("subscriptions_credits_amount", sql`credits_amount > 0`),
    check("subscriptions_total_price", sql`total_price >= 0`),
    check("subscriptions_cancel_at_period_end", sql`cancel_at_period_end IN (0, 1)`),
  ],
);

/** The last good rates (USD base) from the hourly job; a single row. No row means the fixed fallback rates. */
export const exchangeRates = sqliteTable(
  "exchange_rates",
  {
    id: integer("id").primaryKey(),
    base: text("base").notNull(),
    rates: text("rates").notNull(),
    fetchedAt: integer("fetched_at").notNull(),
  },
  () => [check("exchange_rates_single_row", sql`id = 1`), check("exchange_rates_rates", sql`json_valid(rates)`)],
);

/** Codes are stored trimmed and uppercased; redemption_count is raised in the batch that records a redemption. */
export const promoCodes = sqliteTable(
  "promo_codes",
  {
    code: text("code").primaryKey(),
    credits: integer("credits").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    expiresAt: integer("expires_at"),
    maxRedemptions: integer("max_redemptions"),
    redemptionCount: integer("redemption_count").notNull().default(0),
    createdBy: text("created_by").references(() => users.id),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("promo_codes_recent").on(desc(t.createdAt), desc(t.code)),
    check("promo_codes_credits", sql`credits > 0`),
    check("promo_codes_active", sql`active IN (0, 1)`),
    check("promo_codes_max_redemptions", sql`max_redemptions IS NULL OR max_redemptions > 0`),
    check("promo_codes_redemption_count", sql`redemption_count >= 0`),
  ],
);

/** WITHOUT ROWID in the database. */
export const promoRedemptions = sqliteTable(
  "promo_redemptions",
  {
    code: text("code")
      .notNull()
      .references(() => promoCodes.code),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    transactionId: text("transaction_id").notNull().unique(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.userId] })],
);
