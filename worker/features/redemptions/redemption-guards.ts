import type { RedemptionError } from "#shared/redemptions";
import { REDEMPTION_DAILY_MAX_CREDITS } from "../../config";
import { assertInBatch } from "../../db/batch-guard";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cap's day is the UTC day: the server's clock decides, never a time zone the client sends. */
export const utcDayStart = (now: number) => now - (now % DAY_MS);

/** Credits the player (`userSql`) redeemed since `sinceSql`; a rejected redemption gave them back, so it does not count. */
export const redeemedSinceSql = (userSql: string, sinceSql: string) =>
  `(SELECT COALESCE(SUM(credits_spent), 0) FROM gift_card_redemptions
    WHERE user_id = ${userSql} AND created_at >= ${sinceSql} AND status != 'rejected')`;

/**
 * Aborts the redemption's batch when it would take the player past the day's cap. It runs first in that batch,
 * before the new row exists, and batches run one at a time, so concurrent redemptions cannot add up past it.
 */
export const dailyCapGuard = (d1: D1Database, userId: string, credits: number, now: number) =>
  assertInBatch(
    d1,
    `${redeemedSinceSql("?", "?")} + ? <= ?`,
    userId,
    utcDayStart(now),
    credits,
    REDEMPTION_DAILY_MAX_CREDITS,
  );

export const GUARD_ERRORS = {
  dailyLimit: (left: number): RedemptionError => ({
    title: "Daily Limit Reached",
    message:
      left > 0
        ? `You can redeem up to ${REDEMPTION_DAILY_MAX_CREDITS} credits a day (${left} left today)`
        : `You can redeem up to ${REDEMPTION_DAILY_MAX_CREDITS} credits a day`,
  }),
  balanceBelowZero: {
    title: "Redemption Paused",
    message: "Redemptions are paused while your credit balance is below zero",
  },
} as const;
