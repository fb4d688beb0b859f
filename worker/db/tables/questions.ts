import { desc, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { users } from "./auth";

export const questionStatuses = ["draft", "published", "scheduled", "resolved"] as const;
export const questionTypes = ["standard", "over_under", "custom"] as const;
export const outcomes = ["unresolved", "A", "B", "over", "under", "void"] as const;

/** The feed lists published questions with a future deadline; each sort and filter has its own index. */
export const questions = sqliteTable(
  "questions",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    sportCategory: text("sport_category"),
    customCategory: text("custom_category"),
    category: text("category").generatedAlwaysAs(sql`COALESCE(NULLIF(custom_category, ''), sport_category)`, {
      mode: "virtual",
    }),
    creditCost: integer("credit_cost").notNull().default(0),
    deadline: integer("deadline").notNull(),
    imageUrl: text("image_url"),
    status: text("status", { enum: questionStatuses }).notNull().default("draft"),
    publishAt: integer("publish_at"),
    questionType: text("question_type", { enum: questionTypes }).notNull().default("standard"),
    answerOptionA: text("answer_option_a").notNull().default("Yes"),
    answerOptionB: text("answer_option_b").notNull().default("No"),
    isFreePick: integer("is_free_pick", { mode: "boolean" }).notNull().default(false),
    isPlayerProp: integer("is_player_prop", { mode: "boolean" }).notNull().default(false),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    outcome: text("outcome", { enum: outcomes }).notNull().default("unresolved"),
    /** Raised by every outcome change; settled_version catches up as settlement finishes (docs/decisions/0004-settlement-versions.md). */
    settlementVersion: integer("settlement_version").notNull().default(0),
    settledVersion: integer("settled_version").notNull().default(0),
    pickCount: integer("pick_count").notNull().default(0),
    createdBy: text("created_by").references(() => users.id),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** The crowd's split: picks on each option, raised in the pick's own batch. */
    yesCount: integer("yes_count").notNull().default(0),
    noCount: integer("no_count").notNull().default(0),
    /** The outcome the latest change replaced (NULL when it was first set) and the admin's reason for it. */
    outcomeChangedFrom: text("outcome_changed_from", { enum: outcomes }),
    outcomeReason: text("outcome_reason"),
    /** With user shards, when the catalogue's counters were last summed from the shards (0: never, or one database). */
    countsFoldedAt: integer("counts_folded_at").notNull().default(0),
  },
  (t) => [
    index("questions_feed_deadline").on(t.status, t.deadline),
    index("questions_feed_popularity").on(t.status, desc(t.pickCount), t.deadline),
    index("questions_feed_newest").on(t.status, desc(t.createdAt)),
    index("questions_feed_cost").on(t.status, t.creditCost, t.deadline),
    index("questions_feed_cost_desc").on(t.status, desc(t.creditCost), t.deadline),
    index("questions_feed_category").on(t.status, t.category, t.deadline),
    index("questions_feed_free").on(t.status, t.isFreePick, t.deadline),
    index("questions_feed_props").on(t.status, t.isPlayerProp, t.deadline),
    index("questions_settlement")
      .on(t.settledVersion)
      .where(sql`settled_version <> settlement_version`),
    index("questions_admin_recent").on(desc(t.createdAt), desc(t.id)),
    index("questions_admin_status").on(t.status, desc(t.createdAt), desc(t.id)),
    check("questions_title", sql`length(trim(title)) > 0`),
    check("questions_credit_cost", sql`credit_cost >= 0`),
    check("questions_status", sql`status IN ('draft', 'published', 'scheduled', 'resolved')`),
    check("questions_type", sql`question_type IN ('standard', 'over_under', 'custom')`),
    check("questions_is_free_pick", sql`is_free_pick IN (0, 1)`),
    check("questions_is_player_prop", sql`is_player_prop IN (0, 1)`),
    check("questions_outcome", sql`outcome IN ('unresolved', 'A', 'B', 'over', 'under', 'void')`),
    check("questions_pick_count", sql`pick_count >= 0`),
  ],
);

export const userPicks = sqliteTable(
  "user_picks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id),
    choice: text("choice", { enum: ["yes", "no"] }).notNull(),
    creditsSpent: integer("credits_spent").notNull(),
    multiplier: integer("multiplier").notNull(),
    pickType: text("pick_type").notNull().default("standard"),
    potentialPayout: integer("potential_payout").notNull(),
    actualPayout: integer("actual_payout").notNull().default(0),
    status: text("status", { enum: ["active", "won", "lost", "void"] })
      .notNull()
      .default("active"),
    settledVersion: integer("settled_version").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** When the pick's current settlement happened (NULL while active): period boards and contests count by it. */
    settledAt: integer("settled_at"),
  },
  (t) => [
    unique().on(t.userId, t.questionId),
    index("user_picks_user").on(t.userId, desc(t.createdAt)),
    // Settlement walks a question's unsettled picks in id order without a sort.
    index("user_picks_settlement").on(t.questionId, t.settledVersion, t.id),
    index("user_picks_user_settled")
      .on(t.userId, desc(t.settledAt))
      .where(sql`settled_at IS NOT NULL`),
    // A feed page's cards are open questions, whose picks are active: a viewer's own are read from these alone.
    index("user_picks_user_active")
      .on(t.userId)
      .where(sql`status = 'active'`),
    check("user_picks_choice", sql`choice IN ('yes', 'no')`),
    check("user_picks_credits_spent", sql`credits_spent >= 0`),
    check("user_picks_multiplier", sql`multiplier BETWEEN 1 AND 5`),
    check("user_picks_potential_payout", sql`potential_payout >= 0`),
    check("user_picks_status", sql`status IN ('active', 'won', 'lost', 'void')`),
  ],
);

/** WITHOUT ROWID in the database: the primary key is the table. */
export const userBookmarks = sqliteTable(
  "user_bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index("user_bookmarks_question").on(t.questionId)],
);

export const activityFeed = sqliteTable(
  "activity_feed",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id),
    kind: text("kind", { enum: ["pick", "win"] }).notNull(),
    choice: text("choice", { enum: ["yes", "no"] }).notNull(),
    credits: integer("credits").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("activity_feed_recent").on(desc(t.createdAt), desc(t.id)),
    index("activity_feed_question").on(t.questionId),
    check("activity_feed_kind", sql`kind IN ('pick', 'win')`),
    check("activity_feed_choice", sql`choice IN ('yes', 'no')`),
  ],
);

export const streakResults = ["won", "lost", "void", "active"] as const;

/**
 * Why a player's streak changed: one row per pick per settlement version, written in the settlement's own batch. A
 * first settlement moves the pick from active to its result; a correction from an earlier result to the new one (or
 * back to active when the outcome is undone), with the admin's reason. No foreign keys: the history outlives a
 * deleted question and its picks.
 */
export const streakEvents = sqliteTable(
  "streak_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    questionId: text("question_id").notNull(),
    pickId: text("pick_id").notNull(),
    settlementVersion: integer("settlement_version").notNull(),
    previousResult: text("previous_result", { enum: streakResults }).notNull(),
    result: text("result", { enum: streakResults }).notNull(),
    fromOutcome: text("from_outcome", { enum: outcomes }),
    toOutcome: text("to_outcome", { enum: outcomes }).notNull(),
    reason: text("reason"),
    streakBefore: integer("streak_before").notNull(),
    /** Filled by the same batch once the pick's new result is written. */
    streakAfter: integer("streak_after"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    unique("streak_events_pick_version").on(t.pickId, t.settlementVersion),
    index("streak_events_user").on(t.userId, desc(t.createdAt), desc(t.id)),
  ],
);
