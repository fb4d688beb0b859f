import { desc, sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("contact_messages_recent").on(desc(t.createdAt))],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    createdAt: integer("created_at").notNull(),
    html: text("html"),
  },
  (t) => [index("email_outbox_recent").on(desc(t.createdAt))],
);

export const auditActors = ["admin", "score_feed"] as const;

/**
 * Who did what to which entity, with the state before and after (JSON), for every admin action and for the outcomes
 * the score feed makes final on its own (actor `score_feed`, no admin). Append-only: triggers in the migrations refuse
 * UPDATE and DELETE.
 */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id").references(() => users.id),
    actor: text("actor", { enum: auditActors }).notNull().default("admin"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: text("before", { mode: "json" }),
    after: text("after", { mode: "json" }),
    createdAt: integer("created_at").notNull(),
    /** Why the admin did it: required for credit adjustments and outcome changes, optional elsewhere. */
    reason: text("reason"),
    /** The player the action concerns (an award, a redemption, a pick settled by an outcome), for their admin page. */
    subjectUserId: text("subject_user_id").references(() => users.id),
  },
  (t) => [
    index("admin_audit_log_entity").on(t.entity, t.entityId, desc(t.createdAt)),
    index("admin_audit_log_recent").on(desc(t.createdAt)),
    index("admin_audit_log_subject")
      .on(t.subjectUserId, desc(t.createdAt))
      .where(sql`subject_user_id IS NOT NULL`),
    index("admin_audit_log_action").on(t.action, desc(t.createdAt)),
    check("admin_audit_log_before", sql`before IS NULL OR json_valid(before)`),
    check("admin_audit_log_after", sql`after IS NULL OR json_valid(after)`),
    check(
      "admin_audit_log_actor",
      sql`actor IN ('admin', 'score_feed') AND (actor = 'admin') = (admin_id IS NOT NULL)`,
    ),
  ],
);

/**
 * Every credit adjustment an admin made, keyed by the id the admin's form chose, in the catalogue. It is written before
 * the ledger movement, so an adjustment id is used once across every player and shard, and the four-eyes rule on
 * redemptions can ask who awarded credits to whom (docs/decisions/0015-redemption-risk.md).
 */
export const creditAdjustments = sqliteTable(
  "credit_adjustments",
  {
    id: text("id").primaryKey(),
    adminId: text("admin_id")
      .notNull()
      .references(() => users.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("credit_adjustments_user").on(t.userId, t.createdAt),
    index("credit_adjustments_admin").on(t.adminId, t.createdAt),
    check("credit_adjustments_amount", sql`amount <> 0`),
  ],
);

/** One row per cron job run, so admins can see when each job last ran and whether it failed. */
export const cronRuns = sqliteTable(
  "cron_runs",
  {
    id: text("id").primaryKey(),
    job: text("job").notNull(),
    cron: text("cron").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at").notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    detail: text("detail").notNull().default("{}"),
  },
  (t) => [
    index("cron_runs_job_recent").on(t.job, desc(t.startedAt)),
    index("cron_runs_failures").on(t.ok, desc(t.startedAt)),
    check("cron_runs_ok", sql`ok IN (0, 1)`),
  ],
);

/** Each health alert that fires now, with when it began: the operator is told when a row appears and when it goes. */
export const healthAlerts = sqliteTable("health_alerts", {
  name: text("name").primaryKey(),
  message: text("message").notNull(),
  firingSince: integer("firing_since").notNull(),
});

/**
 * Queue messages that ran out of retries, taken off each queue's dead-letter queue: kept here (the queue would drop
 * them after four days) so the health page can count them per queue and an operator can read what failed.
 */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    id: text("id").primaryKey(),
    queue: text("queue").notNull(),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (table) => [index("dead_letters_queue_idx").on(table.queue, table.receivedAt)],
);
