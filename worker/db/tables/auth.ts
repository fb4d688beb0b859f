import { sql } from "drizzle-orm";
import { check, customType, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Text compared without case (emails, usernames): one address or name is one account whatever its case. */
const caseInsensitiveText = customType<{ data: string; driverData: string }>({ dataType: () => "text COLLATE NOCASE" });

/**
 * Triggers (migrations 0004 and 0015): users_no_self_referral refuses referred_by = id; users_referral_fixed keeps a
 * recorded referrer once the address is confirmed, because a re-sign-up of an unconfirmed address replaces it.
 */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: caseInsensitiveText("email").notNull().unique(),
    passwordHash: text("password_hash"),
    passwordSalt: text("password_salt"),
    passwordIterations: integer("password_iterations"),
    emailConfirmedAt: integer("email_confirmed_at"),
    role: text("role", { enum: ["player", "admin"] })
      .notNull()
      .default("player"),
    username: caseInsensitiveText("username").notNull().unique(),
    avatarUrl: text("avatar_url"),
    country: text("country").notNull().default("US"),
    countryManuallySet: integer("country_manually_set", { mode: "boolean" }).notNull().default(false),
    maxStreak: integer("max_streak").notNull().default(0),
    referralCode: text("referral_code").notNull().unique(),
    /** No foreign key: the referrer may live in another user shard (docs/decisions/0026-user-shards.md). */
    referredBy: text("referred_by"),
    deletedAt: integer("deleted_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** The address a sign-up came from, for the redemption queue's risk signals; NULL for older accounts. */
    signupIp: text("signup_ip"),
    /** 1 when this account holds its address's bonus claim: only such an account earns referral bonuses as a friend. */
    bonusOwner: integer("bonus_owner", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    index("users_referred_by")
      .on(t.referredBy)
      .where(sql`referred_by IS NOT NULL`),
    index("users_signup_ip")
      .on(t.signupIp)
      .where(sql`signup_ip IS NOT NULL`),
    check("users_role", sql`role IN ('player', 'admin')`),
    check("users_username_length", sql`length(username) BETWEEN 3 AND 40`),
    check("users_country_length", sql`length(country) = 2`),
    check("users_country_manually_set", sql`country_manually_set IN (0, 1)`),
    check("users_max_streak", sql`max_streak >= 0`),
  ],
);

/** Keyed hashes of addresses that had their sign-up bonus: kept after the account is deleted, so it is paid once. */
export const bonusClaims = sqliteTable("bonus_claims", {
  emailHash: text("email_hash").primaryKey(),
  userId: text("user_id").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** A session is one sign-in; its refresh tokens rotate and a reused one revokes the session. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("refresh_tokens_session").on(t.sessionId)],
);

export const authTokens = sqliteTable(
  "auth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["confirm_email", "password_reset"] }).notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("auth_tokens_user").on(t.userId, t.purpose),
    check("auth_tokens_purpose", sql`purpose IN ('confirm_email', 'password_reset')`),
  ],
);

export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});
