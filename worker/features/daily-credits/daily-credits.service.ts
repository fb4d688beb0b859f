import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { createDb } from "../../db/client";
import { dailyClaims, users } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { grantToSelected } from "../credits/selected-movements";
import { creditsStatement, toCredits } from "../credits/credits-row";
import { blockedSql, isPlayPaused, playRefusal, readPlayState } from "../play-rules/play-rules";
import { amountFor, CLAIM_GAP_MS, localDay, nextClaim, opensAt, type LastClaim } from "./daily-claim-timing";

export const ALREADY_CLAIMED =
  "You have already claimed your free credits: claims open once a day, at least 20 hours apart";
export const NOT_ELIGIBLE = "Daily credits are for confirmed accounts only";
const CLAIM_FAILED = "Could not claim your daily credits. Please try again.";

const alreadyClaimed = (nextClaimAt: number) => new AppError("conflict", ALREADY_CLAIMED, { nextClaimAt });

/** The newest claim by day, which (days only growing) is the newest by time too. */
const lastClaim = async (d1: D1Database, userId: string): Promise<LastClaim | null> => {
  const { day, streak, tz, createdAt } = dailyClaims;
  const [last] = await createDb(d1)
    .select({ day, streak, tz, createdAt })
    .from(dailyClaims)
    .where(eq(dailyClaims.userId, userId))
    .orderBy(desc(day))
    .limit(1);
  return last ?? null;
};

/** Only an account holding its address's bonus claim earns bonuses (docs/decisions/0018-bonus-once.md). */
const isEligible = async (d1: D1Database, userId: string) => {
  const eligible = and(
    eq(users.id, userId),
    eq(users.bonusOwner, true),
    isNull(users.deletedAt),
    isNotNull(users.emailConfirmedAt),
  );
  return (await createDb(d1).select({ id: users.id }).from(users).where(eligible)).length > 0;
};

export const readDailyCredits = async (d1: D1Database, userId: string, now: number, tz: number) => {
  const [last, paused] = await Promise.all([lastClaim(d1, userId), isPlayPaused(d1, userId, now)]);
  const next = nextClaim(last, now, tz);
  return {
    day: localDay(now, tz),
    available: next.open && !paused,
    amount: next.open ? next.amount : amountFor(next.streak + 1),
    streak: next.streak,
    nextClaimAt: next.open ? null : next.opensAt,
  };
};

/**
 * One claim is one batch: the claim row (keeping the zone it reports), inserted only if the player's last claim is
 * still the one read, none is younger than CLAIM_GAP_MS and the account holds its address's bonus claim; the grant
 * (key `daily:<user>:<day>`), paid only to that row; a guard that rolls everything back when the row was not written.
 * Two claims at once, whatever zones they report: one commits, the other is refused.
 */
export const claimDailyCredits = async (
  d1: D1Database,
  { userId, now, tz }: { userId: string; now: number; tz: number },
) => {
  const last = await lastClaim(d1, userId);
  const next = nextClaim(last, now, tz);
  if (!next.open) throw alreadyClaimed(next.opensAt);
  const today = next.day;
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
          `INSERT INTO daily_claims (id, user_id, day, streak, amount, created_at, tz)
           SELECT ?1, u.id, ?2, ?3, ?4, ?5, ?8 FROM users u
           WHERE u.id = ?6 AND u.bonus_owner = 1 AND u.deleted_at IS NULL AND u.email_confirmed_at IS NOT NULL
             AND (SELECT MAX(day) FROM daily_claims WHERE user_id = ?6) IS ?7
             AND NOT EXISTS (SELECT 1 FROM daily_claims WHERE user_id = ?6 AND created_at > ?5 - ?9)
             AND NOT ${blockedSql({ user: "?6", now: "?5" })}`,
        )
        .bind(claimId, today, next.streak, next.amount, now, userId, last?.day ?? null, tz, CLAIM_GAP_MS),
      claimed: assertInBatch(d1, "EXISTS (SELECT 1 FROM daily_claims WHERE id = ?)", claimId),
      grant: movement.statements,
      granted: assertInBatch(d1, "EXISTS (SELECT 1 FROM credit_transactions WHERE id = ?)", movement.transactionId),
      credits: creditsStatement(d1, userId),
    });
    const nextClaimAt = opensAt({ day: today, streak: next.streak, tz, createdAt: now }, tz);
    return {
      amount: next.amount,
      streak: next.streak,
      day: today,
      nextClaimAt,
      transactionId: movement.transactionId,
      credits: toCredits(credits.results[0]),
    };
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    const current = nextClaim(await lastClaim(d1, userId), now, tz);
    if (!current.open) throw alreadyClaimed(current.opensAt);
    // Free credits are an invitation to play: none while the player has stepped away.
    const play = playRefusal(await readPlayState(d1, userId, now));
    if (play) throw play;
    if (!(await isEligible(d1, userId))) throw new AppError("forbidden", NOT_ELIGIBLE);
    throw new AppError("conflict", CLAIM_FAILED);
  }
};
