import { desc, sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { creditTransactions } from "./credits";

/** The gift card catalogue. Amounts are credits; a NULL max_amount means the configured default maximum. */
export const rewards = sqliteTable(
  "rewards",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().unique(),
    currency: text("currency").notNull().default("USD"),
    minAmount: integer("min_amount").notNull().default(10),
    maxAmount: integer("max_amount"),
    imageUrl: text("image_url"),
    preselectedAmounts: text("preselected_amounts", { mode: "json" }).$type<number[]>().notNull().default([]),
    countryCodes: text("country_codes", { mode: "json" }).$type<string[]>().notNull().default(["US"]),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  () => [
    check("rewards_min_amount", sql`min_amount >= 1`),
    check("rewards_max_amount", sql`max_amount IS NULL OR max_amount >= min_amount`),
    check("rewards_preselected_amounts", sql`json_valid(preselected_amounts)`),
    check("rewards_country_codes", sql`json_valid(country_codes)`),
    check("rewards_is_active", sql`is_active IN (0, 1)`),
  ],
);

export const holdCauses = ["charge_refunded", "dispute_opened"] as const;

/**
 * Gift cards and cash-outs alike: credits_spent left the balance through transaction_id (type 'redemption') and
 * come back once through the 'redemption-refund:<id>' key if an admin rejects. value_cents is US cents.
 */
export const giftCardRedemptions = sqliteTable(
  "gift_card_redemptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["gift_card", "cash_out"] }).notNull(),
    /** No foreign keys to the reward or the deciding admin: both live in the catalogue, the redemption in the player's shard. */
    rewardId: text("reward_id"),
    method: text("method", { enum: ["visa", "mastercard", "venmo", "cashapp"] }),
    creditsSpent: integer("credits_spent").notNull(),
    valueCents: integer("value_cents").notNull(),
    userEmail: text("user_email").notNull(),
    payoutHandle: text("payout_handle"),
    country: text("country").notNull(),
    status: text("status", { enum: ["pending", "fulfilled", "rejected"] })
      .notNull()
      .default("pending"),
    note: text("note"),
    transactionId: text("transaction_id")
      .notNull()
      .unique()
      .references(() => creditTransactions.id),
    /** Fresh per decision attempt: the batch that set it is the one that decided (and may email and refund). */
    decisionId: text("decision_id"),
    decidedBy: text("decided_by"),
    decidedAt: integer("decided_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** Set while a refund or dispute of the player's purchase holds the pending redemption (docs/decisions/0005-redemptions-referrals.md). */
    holdCause: text("hold_cause", { enum: holdCauses }),
    holdPaymentId: text("hold_payment_id"),
    heldAt: integer("held_at"),
  },
  (t) => [
    index("gift_card_redemptions_user").on(t.userId, desc(t.createdAt), desc(t.id)),
    index("gift_card_redemptions_status").on(t.status, t.createdAt, t.id),
    // Finds every account that asked for a payout to one address, whatever its case.
    index("gift_card_redemptions_payout_email").on(sql`user_email COLLATE NOCASE`),
    check("gift_card_redemptions_kind", sql`kind IN ('gift_card', 'cash_out')`),
    check("gift_card_redemptions_method", sql`method IN ('visa', 'mastercard', 'venmo', 'cashapp')`),
    check("gift_card_redemptions_credits_spent", sql`credits_spent > 0`),
    check("gift_card_redemptions_value_cents", sql`value_cents >= 0`),
    check("gift_card_redemptions_status", sql`status IN ('pending', 'fulfilled', 'rejected')`),
    check(
      "gift_card_redemptions_target",
      sql`(kind = 'gift_card' AND reward_id IS NOT NULL AND method IS NULL) OR (kind = 'cash_out' AND method IS NOT NULL AND reward_id IS NULL)`,
    ),
    check(
      "gift_card_redemptions_hold_cause",
      sql`hold_cause IS NULL OR hold_cause IN ('charge_refunded', 'dispute_opened')`,
    ),
  ],
);
