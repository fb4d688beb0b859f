import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

/** What a player can choose to be told about; each is a column of `notification_settings`. */
export const pushTopics = ["picks", "streaks", "redemptions", "contests"] as const;

/** One browser (device) a player turned notifications on in: the push service's endpoint and the keys to encrypt for it. */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user").on(t.userId),
  ],
);

/** A player's choices, the same on every device; a player without a row gets every topic. */
export const notificationSettings = sqliteTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  picks: integer("picks", { mode: "boolean" }).notNull().default(true),
  streaks: integer("streaks", { mode: "boolean" }).notNull().default(true),
  redemptions: integer("redemptions", { mode: "boolean" }).notNull().default(true),
  contests: integer("contests", { mode: "boolean" }).notNull().default(true),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * The push outbox: one row per notice and device, written in the batch that caused it and deleted once the push
 * service took it. `dedupe_key` names the event (a pick's settlement version, a redemption's decision), so a
 * replayed batch queues nothing twice. A sender leases a row by moving `next_attempt_at` ahead before it sends.
 */
export const pushDeliveries = sqliteTable(
  "push_deliveries",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").notNull(),
    notice: text("notice").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("push_deliveries_subscription_id_dedupe_key_unique").on(t.subscriptionId, t.dedupeKey),
    index("push_deliveries_due").on(t.nextAttemptAt),
    check("push_deliveries_notice_json", sql`json_valid(notice)`),
  ],
);

/**
 * An email waiting to be sent, written in the same batch as what it tells of (a redemption, a sign-up), so a crash
 * after the commit delays it and never loses it: the email queue's kick or the minute's sweep sends it, and a sent
 * one is deleted. `nextAttemptAt` is its lease while a sender holds it, then its retry time after a failure.
 */
export const emailDeliveries = sqliteTable(
  "email_deliveries",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    createdAt: integer("created_at").notNull(),
    /** The HTML part (last: a column added later); null for what an earlier release kept, which goes as text alone. */
    html: text("html"),
  },
  (t) => [index("email_deliveries_due").on(t.nextAttemptAt), index("email_deliveries_user").on(t.userId)],
);
