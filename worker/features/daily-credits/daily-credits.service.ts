import { DAILY_CREDITS } from "../../config";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import type { SqlColumns } from "../../db/rows";
import type { dailyClaims } from "../../db/schema";
import { batchNamed, firstRow, typed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { grantToSelected } from "../credits/selected-movements";
import { creditsStatement, toCredits } from "../picks/pick-row";
import { blockedSql, isPlayPaused, playRefusal, readPlayState } from "../responsible-play/play-rules";

const DAY_MS = 24 * 60 * 60 * 1000;

export const ALREADY_CLAIMED = "You have already claimed today's free credits. Come back tomorrow!";
export const NOT_ELIGIBLE = "Daily credits are for confirmed accounts only";
const CLAIM_FAILED = "Could not claim your daily credits. Please try again.";

/** The calendar day (YYYY-MM-DD) at `now` for a player `tz` minutes behind UTC (JavaScript's getTimezoneOffset()). */
export const localDay = (now: number, tz: number) => new Date(now - tz * 60_000).toISOString().slice(0, 10);

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

export const amountFor = (streak: number) => Math.min(DAILY_CREDITS.cap, DAILY_CREDITS.base + DAILY_CREDITS.step * (streak - 1));

type LastClaim = SqlColumns<typeof dailyClaims, "day" | "streak">;

const lastClaim = (d1: D1Database, userId: string) =>
  firstRow(typed<LastClaim>(d1.prepare("SELECT day, streak FROM daily_claims WHERE user_id = ? ORDER BY day DESC LIMIT 1").bind(userId)));

/** What today's claim would be: none once a claim on this day (or, after a time-zone change, a later one) exists. */
const nextClaim = (last: LastClaim | null, today: string) => {
  if (last && last.day >= today) return null;
  const streak = last?.day === dayBefore(today) ? last.streak + 1 : 1;
  return { streak, amount: amountFor(streak) };
};

/** Only an account holding its address's bonus claim earns bonuses (docs/decisions/bonus-once.md). */
const isEligible = async (d1: D1Database, userId: string) =>
  (await d1
    .prepare("SELECT 1 AS ok FROM users WHERE id = ? AND bonus_owner = 1 AND deleted_at IS NULL AND email_confirmed_at IS NOT NULL")
    .bind(userId)
    .first()) !== null;

export const readDailyCredits = async (d1: D1Database, userId: string, now: number, tz: number) => {
  const today = localDay(now, tz);
  const [last, paused] = await Promise.all([lastClaim(d1, userId), isPlayPaused(d1, userId, now)]);
  const next = nextClaim(last, today);
  const streak = next ? next.streak : (last?.streak ?? 0);
  return { day: today, available: next !== null && !paused, amount: next?.amount ?? amountFor(streak + 1), streak };
};

/**
 * One claim is one batch: the claim row, inserted only if the player's last claim is still the one read and the
 * account holds its address's bonus claim; the grant (key `daily:<user>:<day>`), paid only to that row; a guard
 * that rolls everything back when the row was not written. Two claims at once: one commits, the other is refused.
 */
export const claimDailyCredits = async (d1: D1Database, { userId, now, tz }: { userId: string; now: number; tz: number }) => {
  const today = localDay(now, tz);
  const last = await lastClaim(d1, userId);
  const next = nextClaim(last, today);
  if (!next) throw new AppError("conflict", ALREADY_CLAIMED);
  const claimId = newId();
  const movement = grantToSelected(d1, {
    recipient: { sql: "SELECT user_id FROM daily_claims WHERE id = ?", params: [claimId] },
    amount: next.amount,
    transactionType: "daily_free",
    source: "bonus",
    idempotencyKey: `daily:${userId}:${today}`,
    description: "Daily free credits",
    now,
  });
  try {
    const { credits } = await batchNamed(d1, {
      claim: d1
        .prepare(
          `INSERT INTO daily_claims (id, user_id, day, streak, amount, created_at)
           SELECT ?1, u.id, ?2, ?3, ?4, ?5 FROM users u
           WHERE u.id = ?6 AND u.bonus_owner = 1 AND u.deleted_at IS NULL AND u.email_confirmed_at IS NOT NULL
             AND (SELECT MAX(day) FROM daily_claims WHERE user_id = ?6) IS ?7
             AND NOT ${blockedSql({ user: "?6", now: "?5" })}`,
        )
        .bind(claimId, today, next.streak, next.amount, now, userId, last?.day ?? null),
      claimed: assertInBatch(d1, "EXISTS (SELECT 1 FROM daily_claims WHERE id = ?)", claimId),
      grant: movement.statements,
      granted: assertInBatch(d1, "EXISTS (SELECT 1 FROM credit_transactions WHERE id = ?)", movement.transactionId),
      credits: creditsStatement(d1, userId),
    });
    return { amount: next.amount, streak: next.streak, day: today, transactionId: movement.transactionId, credits: toCredits(credits.results[0]) };
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    const current = await lastClaim(d1, userId);
    if (current && current.day >= today) throw new AppError("conflict", ALREADY_CLAIMED);
    // Free credits are an invitation to play: none while the player has stepped away.
    const play = playRefusal(await readPlayState(d1, userId, now));
    if (play) throw play;
    if (!(await isEligible(d1, userId))) throw new AppError("forbidden", NOT_ELIGIBLE);
    throw new AppError("conflict", CLAIM_FAILED);
  }
};
