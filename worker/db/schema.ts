import { sql } from "drizzle-orm";
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  passwordHash: text("password_hash"),
  passwordSalt: text("password_salt"),
  passwordIterations: integer("password_iterations"),
  emailConfirmedAt: integer("email_confirmed_at"),
  role: text("role", { enum: ["player", "admin"] }).notNull().default("player"),
  username: text("username").notNull(),
  avatarUrl: text("avatar_url"),
  country: text("country").notNull().default("US"),
  countryManuallySet: integer("country_manually_set", { mode: "boolean" }).notNull().default(false),
  maxStreak: integer("max_streak").notNull().default(0),
  referralCode: text("referral_code").notNull(),
  referredBy: text("referred_by"),
  signupIp: text("signup_ip"),
  bonusOwner: integer("bonus_owner", { mode: "boolean" }).notNull().default(false),
  deletedAt: integer("deleted_at"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const bonusClaims = sqliteTable("bonus_claims", {
  emailHash: text("email_hash").primaryKey(),
  userId: text("user_id").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const sessions = sqliteTable("sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  createdAt: integer("created_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
  revokedAt: integer("revoked_at"),
});

export const refreshTokens = sqliteTable("refresh_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  sessionId: text("session_id").notNull(),
  createdAt: integer("created_at").notNull(),
  usedAt: integer("used_at"),
});

export const authTokens = sqliteTable("auth_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id").notNull(),
  purpose: text("purpose", { enum: ["confirm_email", "password_reset"] }).notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
  createdAt: integer("created_at").notNull(),
});

export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

export const userCredits = sqliteTable("user_credits", {
  userId: text("user_id").primaryKey(),
  balance: integer("balance").notNull().default(0),
  redeemable: integer("redeemable").notNull().default(0),
  totalEarned: integer("total_earned").notNull().default(0),
  totalSpent: integer("total_spent").notNull().default(0),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

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
] as const;
export const creditSources = ["purchased", "bonus", "winnings"] as const;

export const creditTransactions = sqliteTable("credit_transactions", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  amount: integer("amount").notNull(),
  transactionType: text("transaction_type", { enum: transactionTypes }).notNull(),
  source: text("source", { enum: creditSources }).notNull(),
  idempotencyKey: text("idempotency_key").notNull(),
  questionId: text("question_id"),
  pickId: text("pick_id"),
  description: text("description").notNull().default(""),
  createdAt: integer("created_at").notNull(),
});

export const questionStatuses = ["draft", "published", "scheduled", "resolved"] as const;
export const questionTypes = ["standard", "over_under", "custom"] as const;
export const outcomes = ["unresolved", "A", "B", "over", "under", "void"] as const;

export const questions = sqliteTable("questions", {
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
  settlementVersion: integer("settlement_version").notNull().default(0),
  settledVersion: integer("settled_version").notNull().default(0),
  pickCount: integer("pick_count").notNull().default(0),
  createdBy: text("created_by"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const userPicks = sqliteTable("user_picks", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  questionId: text("question_id").notNull(),
  choice: text("choice", { enum: ["yes", "no"] }).notNull(),
  creditsSpent: integer("credits_spent").notNull(),
  multiplier: integer("multiplier").notNull(),
  pickType: text("pick_type").notNull().default("standard"),
  potentialPayout: integer("potential_payout").notNull(),
  actualPayout: integer("actual_payout").notNull().default(0),
  status: text("status", { enum: ["active", "won", "lost", "void"] }).notNull().default("active"),
  settledVersion: integer("settled_version").notNull().default(0),
  settledAt: integer("settled_at"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const userBookmarks = sqliteTable(
  "user_bookmarks",
  {
    userId: text("user_id").notNull(),
    questionId: text("question_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

export const activityFeed = sqliteTable("activity_feed", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  questionId: text("question_id").notNull(),
  kind: text("kind", { enum: ["pick", "win"] }).notNull(),
  choice: text("choice", { enum: ["yes", "no"] }).notNull(),
  credits: integer("credits").notNull().default(0),
  createdAt: integer("created_at").notNull(),
});

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

export const contactMessages = sqliteTable("contact_messages", {
  id: text("id").primaryKey(),
  userId: text("user_id"),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const emailOutbox = sqliteTable("email_outbox", {
  id: text("id").primaryKey(),
  toEmail: text("to_email").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  createdAt: integer("created_at").notNull(),
});

export const adminAuditLog = sqliteTable("admin_audit_log", {
  id: text("id").primaryKey(),
  adminId: text("admin_id").notNull(),
  action: text("action").notNull(),
  entity: text("entity").notNull(),
  entityId: text("entity_id").notNull(),
  before: text("before", { mode: "json" }),
  after: text("after", { mode: "json" }),
  createdAt: integer("created_at").notNull(),
});

export const rewards = sqliteTable("rewards", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  currency: text("currency").notNull().default("USD"),
  minAmount: integer("min_amount").notNull().default(10),
  maxAmount: integer("max_amount"),
  imageUrl: text("image_url"),
  preselectedAmounts: text("preselected_amounts", { mode: "json" }).notNull(),
  countryCodes: text("country_codes", { mode: "json" }).notNull(),
  isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: integer("created_at").notNull(),
});

export const giftCardRedemptions = sqliteTable("gift_card_redemptions", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  kind: text("kind", { enum: ["gift_card", "cash_out"] }).notNull(),
  rewardId: text("reward_id"),
  method: text("method", { enum: ["visa", "mastercard", "venmo", "cashapp"] }),
  creditsSpent: integer("credits_spent").notNull(),
  valueCents: integer("value_cents").notNull(),
  userEmail: text("user_email").notNull(),
  payoutHandle: text("payout_handle"),
  country: text("country").notNull(),
  status: text("status", { enum: ["pending", "fulfilled", "rejected"] }).notNull().default("pending"),
  note: text("note"),
  transactionId: text("transaction_id").notNull(),
  decisionId: text("decision_id"),
  decidedBy: text("decided_by"),
  decidedAt: integer("decided_at"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  holdCause: text("hold_cause", { enum: ["charge_refunded", "dispute_opened"] }),
  holdPaymentId: text("hold_payment_id"),
  heldAt: integer("held_at"),
});

export const leaderboardHours = sqliteTable(
  "leaderboard_hours",
  {
    userId: text("user_id").notNull(),
    hour: integer("hour").notNull(),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    netCredits: integer("net_credits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour] })],
);

export const leaderboardWindows = sqliteTable("leaderboard_windows", {
  days: integer("days").primaryKey(),
  startHour: integer("start_hour").notNull(),
});

export const leaderboardPeriods = sqliteTable(
  "leaderboard_periods",
  {
    days: integer("days").notNull(),
    userId: text("user_id").notNull(),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    netCredits: integer("net_credits").notNull().default(0),
    rate: real("rate").generatedAlwaysAs(sql`CASE WHEN wins + losses > 0 THEN CAST(wins AS REAL) / (wins + losses) ELSE 0 END`, {
      mode: "virtual",
    }),
  },
  (t) => [primaryKey({ columns: [t.days, t.userId] })],
);

export const leaderboardTotals = sqliteTable("leaderboard_totals", {
  userId: text("user_id").primaryKey(),
  wins: integer("wins").notNull().default(0),
  losses: integer("losses").notNull().default(0),
  voids: integer("voids").notNull().default(0),
  netCredits: integer("net_credits").notNull().default(0),
  pickPoints: integer("pick_points").notNull().default(0),
  prizePoints: integer("prize_points").notNull().default(0),
  settled: integer("settled").generatedAlwaysAs(sql`wins + losses + voids`, { mode: "virtual" }),
  points: integer("points").generatedAlwaysAs(sql`pick_points + prize_points`, { mode: "virtual" }),
});

export const contests = sqliteTable("contests", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  durationDays: integer("duration_days").notNull(),
  startsAt: integer("starts_at").notNull(),
  endsAt: integer("ends_at").notNull(),
  createdBy: text("created_by"),
  closedAt: integer("closed_at"),
  paidAt: integer("paid_at"),
  createdAt: integer("created_at").notNull(),
});

export const contestEntries = sqliteTable(
  "contest_entries",
  {
    contestId: text("contest_id").notNull(),
    userId: text("user_id").notNull(),
    joinedAt: integer("joined_at").notNull(),
    transactionId: text("transaction_id").notNull(),
    score: integer("score").notNull().default(0),
    finalRank: integer("final_rank"),
    prize: integer("prize").notNull().default(0),
    prizePaidAt: integer("prize_paid_at"),
  },
  (t) => [primaryKey({ columns: [t.contestId, t.userId] })],
);
