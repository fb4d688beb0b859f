import { desc, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth";
import { creditTransactions } from "./credits";

/**
 * Leaderboard aggregates kept by settlement (docs/decisions/0007-leaderboards.md). The *_scores tables count how many
 * ranked players share each result; triggers on leaderboard_periods and leaderboard_totals (migration 0009) keep
 * them exact in the statement that changes a board row, whoever writes it.
 */

const winRate = sql`CASE WHEN wins + losses > 0 THEN CAST(wins AS REAL) / (wins + losses) ELSE 0 END`;

/** Won and lost picks per player per hour of settlement (hour = settled_at / 3,600,000). WITHOUT ROWID. */
export const leaderboardHours = sqliteTable(
  "leaderboard_hours",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    hour: integer("hour").notNull(),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    netCredits: integer("net_credits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hour] }),
    index("leaderboard_hours_window").on(t.hour, t.userId, t.wins, t.losses, t.netCredits),
  ],
);

/** The period boards (3 and 7 days): each holds the sum of the hours from start_hour on. */
export const leaderboardWindows = sqliteTable("leaderboard_windows", {
  days: integer("days").primaryKey(),
  startHour: integer("start_hour").notNull(),
});

/** WITHOUT ROWID. */
export const leaderboardPeriods = sqliteTable(
  "leaderboard_periods",
  {
    days: integer("days")
      .notNull()
      .references(() => leaderboardWindows.days),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    netCredits: integer("net_credits").notNull().default(0),
    rate: real("rate").generatedAlwaysAs(winRate, { mode: "virtual" }),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.userId] }),
    index("leaderboard_periods_rank")
      .on(t.days, desc(t.wins), desc(t.rate), desc(t.netCredits), t.userId, t.losses)
      .where(sql`wins + losses > 0`),
  ],
);

/** All-time totals per player: settled picks and points (pick winnings plus contest prizes). */
export const leaderboardTotals = sqliteTable(
  "leaderboard_totals",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    voids: integer("voids").notNull().default(0),
    netCredits: integer("net_credits").notNull().default(0),
    pickPoints: integer("pick_points").notNull().default(0),
    prizePoints: integer("prize_points").notNull().default(0),
    settled: integer("settled").generatedAlwaysAs(sql`wins + losses + voids`, { mode: "virtual" }),
    points: integer("points").generatedAlwaysAs(sql`pick_points + prize_points`, { mode: "virtual" }),
  },
  (t) => [
    index("leaderboard_totals_points")
      .on(desc(t.points), t.userId, t.wins, t.losses, t.voids, t.netCredits, t.prizePoints)
      .where(sql`settled > 0 OR prize_points > 0`),
  ],
);

/** WITHOUT ROWID; kept by triggers. */
export const leaderboardPeriodScores = sqliteTable(
  "leaderboard_period_scores",
  {
    days: integer("days").notNull(),
    wins: integer("wins").notNull(),
    losses: integer("losses").notNull(),
    netCredits: integer("net_credits").notNull(),
    players: integer("players").notNull(),
    rate: real("rate").generatedAlwaysAs(winRate, { mode: "virtual" }),
  },
  (t) => [
    primaryKey({ columns: [t.days, t.wins, t.losses, t.netCredits] }),
    index("leaderboard_period_scores_rank").on(t.days, desc(t.wins), desc(t.rate), desc(t.netCredits), t.players),
  ],
);

/** WITHOUT ROWID; kept by triggers. */
export const leaderboardPointScores = sqliteTable("leaderboard_point_scores", {
  points: integer("points").primaryKey(),
  players: integer("players").notNull(),
});

/** Timed challenges. closed_at: standings frozen (no more joins, scores final); paid_at: every prize granted. */
export const contests = sqliteTable(
  "contests",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    durationDays: integer("duration_days").notNull(),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    createdBy: text("created_by").references(() => users.id),
    closedAt: integer("closed_at"),
    paidAt: integer("paid_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("contests_unpaid")
      .on(t.endsAt)
      .where(sql`paid_at IS NULL`),
    index("contests_by_end").on(desc(t.endsAt)),
    index("contests_recent").on(desc(t.createdAt), desc(t.id)),
    check("contests_title", sql`length(trim(title)) > 0`),
    check("contests_duration_days", sql`duration_days IN (3, 7, 10)`),
    check("contests_ends_after_start", sql`ends_at > starts_at`),
  ],
);

/**
 * One entry per player and contest, written in the batch that took the entry fee (transaction_id). score counts the
 * player's picks won inside the contest, kept by settlement until it closes. WITHOUT ROWID.
 */
export const contestEntries = sqliteTable(
  "contest_entries",
  {
    contestId: text("contest_id")
      .notNull()
      .references(() => contests.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    joinedAt: integer("joined_at").notNull(),
    transactionId: text("transaction_id")
      .notNull()
      .unique()
      .references(() => creditTransactions.id),
    score: integer("score").notNull().default(0),
    finalRank: integer("final_rank"),
    prize: integer("prize").notNull().default(0),
    prizePaidAt: integer("prize_paid_at"),
  },
  (t) => [
    primaryKey({ columns: [t.contestId, t.userId] }),
    index("contest_entries_standings").on(t.contestId, desc(t.score), t.joinedAt, t.userId),
    index("contest_entries_user").on(t.userId),
  ],
);
