import { desc, sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

export const limitKinds = ["spend", "purchase"] as const;
export const limitPeriods = ["day", "week", "month"] as const;

/**
 * A player's limits as a history of settings: the one in force for a kind and period is the newest whose
 * effective_at has come. A lower limit is effective at once, a higher one (or none, `amount` NULL) a day later.
 * Spend limits are credits spent on picks and contest entries; purchase limits are US cents of checkouts started.
 */
export const playLimits = sqliteTable(
  "play_limits",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: limitKinds }).notNull(),
    period: text("period", { enum: limitPeriods }).notNull(),
    amount: integer("amount"),
    effectiveAt: integer("effective_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("play_limits_current").on(t.userId, t.kind, t.period, desc(t.effectiveAt), desc(t.createdAt)),
    check("play_limits_kind", sql`kind IN ('spend', 'purchase')`),
    check("play_limits_period", sql`period IN ('day', 'week', 'month')`),
    check("play_limits_amount", sql`amount IS NULL OR amount >= 0`),
  ],
);

/**
 * A break or a self-exclusion. A break ends by itself; a self-exclusion runs at least to excluded_until and then
 * only ends a day after the player asks to come back (exclusion_ends_at). A permanent one never ends.
 */
export const playBlocks = sqliteTable("play_blocks", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  breakUntil: integer("break_until"),
  excludedUntil: integer("excluded_until"),
  exclusionEndsAt: integer("exclusion_ends_at"),
  updatedAt: integer("updated_at").notNull(),
});

/** Every checkout a player starts, with its price in US cents: purchase limits count them, paid or not. */
export const checkoutAttempts = sqliteTable(
  "checkout_attempts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    usdCents: integer("usd_cents").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("checkout_attempts_user").on(t.userId, desc(t.createdAt))],
);
