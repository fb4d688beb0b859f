import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  activityFeed,
  authTokens,
  checkoutAttempts,
  contestEntries,
  contests,
  creditTransactions,
  dailyClaims,
  emailDeliveries,
  giftCardRedemptions,
  idempotentResponses,
  leaderboardHours,
  leaderboardPeriods,
  leaderboardTotals,
  leaderboardWindows,
  notificationSettings,
  playBlocks,
  playLimits,
  pushDeliveries,
  pushSubscriptions,
  questions,
  refreshTokens,
  sessions,
  streakEvents,
  stripeCustomers,
  stripePayments,
  subscriptions,
  userBookmarks,
  userCredits,
  userPicks,
  users,
} from "./schema";

/** `?1` is a JSON array of user ids; each entry's condition selects those players' rows of its table. */
const PLAYERS = "(SELECT value FROM json_each(?1))";
const OWNED = `user_id IN ${PLAYERS}`;

export type PlayerTable = { table: SQLiteTable; rows: string };

/**
 * Everything that belongs to a player and lives in their user shard (docs/decisions/0026-user-shards.md), parents before
 * children so rows can be written in this order and removed in the reverse one.
 */
export const PLAYER_TABLES: readonly PlayerTable[] = [
  { table: users, rows: `id IN ${PLAYERS}` },
  { table: sessions, rows: OWNED },
  { table: refreshTokens, rows: `session_id IN (SELECT id FROM sessions WHERE ${OWNED})` },
  { table: authTokens, rows: OWNED },
  { table: userCredits, rows: OWNED },
  { table: creditTransactions, rows: OWNED },
  { table: idempotentResponses, rows: OWNED },
  { table: dailyClaims, rows: OWNED },
  { table: userPicks, rows: OWNED },
  { table: userBookmarks, rows: OWNED },
  { table: activityFeed, rows: OWNED },
  { table: streakEvents, rows: OWNED },
  { table: giftCardRedemptions, rows: OWNED },
  { table: stripeCustomers, rows: OWNED },
  { table: stripePayments, rows: OWNED },
  { table: subscriptions, rows: OWNED },
  { table: contestEntries, rows: OWNED },
  { table: playLimits, rows: OWNED },
  { table: playBlocks, rows: OWNED },
  { table: checkoutAttempts, rows: OWNED },
  { table: pushSubscriptions, rows: OWNED },
  { table: notificationSettings, rows: OWNED },
  { table: pushDeliveries, rows: `subscription_id IN (SELECT id FROM push_subscriptions WHERE ${OWNED})` },
  { table: emailDeliveries, rows: OWNED },
  { table: leaderboardHours, rows: OWNED },
  { table: leaderboardPeriods, rows: OWNED },
  { table: leaderboardTotals, rows: OWNED },
];

/**
 * Catalogue rows that players' rows point at: every shard holds a copy of each (questions: question-copies.ts). A
 * promo code's redemptions are not a player's rows: they live in the catalogue, once per account across all shards.
 */
export const CATALOGUE_COPIES: readonly SQLiteTable[] = [questions, contests, leaderboardWindows];
