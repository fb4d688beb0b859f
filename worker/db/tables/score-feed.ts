import { desc, sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { outcomes, questions } from "./questions";

/** unlinked (no row) → waiting → proposed → challenged or final (docs/decisions/0024-score-feed.md). */
export const scoreFeedStates = ["waiting", "proposed", "challenged", "final"] as const;
export const feedEventStatuses = ["scheduled", "live", "final", "postponed", "cancelled"] as const;
export const feedSides = ["home", "away"] as const;

/**
 * A question resolved from an event of the score feed: the rule (which side is option A for a winner question, the
 * line for an over/under one), where the auto-resolution stands, and the feed's data it stands on (the event's last
 * seen status and score while waiting, the proposal's from then on). The teams are copied at link time for display.
 */
export const scoreFeedLinks = sqliteTable(
  "score_feed_links",
  {
    questionId: text("question_id")
      .primaryKey()
      .references(() => questions.id),
    eventId: text("event_id").notNull(),
    sport: text("sport"),
    homeTeam: text("home_team").notNull(),
    awayTeam: text("away_team").notNull(),
    startsAt: integer("starts_at").notNull(),
    sideA: text("side_a", { enum: feedSides }),
    line: real("line"),
    state: text("state", { enum: scoreFeedStates }).notNull().default("waiting"),
    eventStatus: text("event_status", { enum: feedEventStatuses }).notNull().default("scheduled"),
    homeScore: integer("home_score"),
    awayScore: integer("away_score"),
    proposedOutcome: text("proposed_outcome", { enum: outcomes }),
    proposedAt: integer("proposed_at"),
    /** When a proposal nobody challenged becomes the outcome: proposed_at plus the challenge window. */
    finalAt: integer("final_at"),
    finalizedAt: integer("finalized_at"),
    /** The cron's last look at the event; the least recently checked go first. */
    checkedAt: integer("checked_at"),
    createdBy: text("created_by").references(() => users.id),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("score_feed_links_poll").on(t.state, t.checkedAt),
    index("score_feed_links_due")
      .on(t.finalAt)
      .where(sql`state = 'proposed'`),
    check("score_feed_links_state", sql`state IN ('waiting', 'proposed', 'challenged', 'final')`),
    check(
      "score_feed_links_event_status",
      sql`event_status IN ('scheduled', 'live', 'final', 'postponed', 'cancelled')`,
    ),
    check("score_feed_links_side_a", sql`side_a IS NULL OR side_a IN ('home', 'away')`),
    check("score_feed_links_rule", sql`side_a IS NOT NULL OR line IS NOT NULL`),
    check(
      "score_feed_links_proposal",
      sql`state = 'waiting' OR (proposed_outcome IS NOT NULL AND final_at IS NOT NULL)`,
    ),
  ],
);

/** A player's objection to a proposed outcome, once per player and question; the first stops the clock. */
export const scoreFeedChallenges = sqliteTable(
  "score_feed_challenges",
  {
    id: text("id").primaryKey(),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("score_feed_challenges_question_id_user_id_unique").on(t.questionId, t.userId),
    check("score_feed_challenges_reason", sql`length(reason) BETWEEN 5 AND 500`),
  ],
);

/**
 * The feed changed its mind after a proposal was challenged or became final: the data it stood on and the new data,
 * for an admin to look at. Never moves credits. One row per question and new data (`signature`), so the same
 * correction seen by every later poll is raised once.
 */
export const scoreFeedAlerts = sqliteTable(
  "score_feed_alerts",
  {
    id: text("id").primaryKey(),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id),
    eventId: text("event_id").notNull(),
    signature: text("signature").notNull(),
    before: text("before", { mode: "json" }).notNull(),
    after: text("after", { mode: "json" }).notNull(),
    createdAt: integer("created_at").notNull(),
    dismissedAt: integer("dismissed_at"),
    dismissedBy: text("dismissed_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("score_feed_alerts_question_id_signature_unique").on(t.questionId, t.signature),
    index("score_feed_alerts_open")
      .on(desc(t.createdAt))
      .where(sql`dismissed_at IS NULL`),
    check("score_feed_alerts_before", sql`json_valid(before)`),
    check("score_feed_alerts_after", sql`json_valid(after)`),
  ],
);
