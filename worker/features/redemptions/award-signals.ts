import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { FOUR_EYES_AWARD_DAYS, REDEMPTION_RISK } from "../../config";
import { boundQuery, runQuery } from "../../db/compiled";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { creditAdjustments, creditTransactions, users } from "../../db/schema";
import { batchNamed } from "../../db/statement";

const DAY_MS = 24 * 60 * 60 * 1000;

export type AwardSignals = { awardFundedWinnings: number; recentAwards: number; awardedBy: string[] };

const NONE: AwardSignals = { awardFundedWinnings: 0, recentAwards: 0, awardedBy: [] };

export const FOUR_EYES_MESSAGES = {
  own: "This is your own redemption: another admin must fulfil it",
  awarded: `You awarded credits to this player in the last ${FOUR_EYES_AWARD_DAYS} days: another admin must fulfil it`,
} as const;

/** Credits each player's award-funded picks paid out, from the ledger of their database. */
const winningsOf = (d1: D1Database, userIds: string[]) => {
  const t = creditTransactions;
  return boundQuery(
    d1,
    createDb(d1)
      .select({ userId: t.userId, credits: sql<number>`SUM(${t.amount})`.as("credits") })
      .from(t)
      .where(
        and(
          inArray(t.userId, sql`(SELECT value FROM json_each(${JSON.stringify(userIds)}))`),
          eq(t.transactionType, "pick_payout"),
          eq(t.source, "awarded"),
        ),
      )
      .groupBy(t.userId),
  );
};

/** Credits given to the players (positive adjustments) within the last `days` days. */
const awardedWithin = (userIds: string[], days: number, now: number) =>
  and(
    inArray(creditAdjustments.userId, userIds),
    gt(creditAdjustments.amount, 0),
    gt(creditAdjustments.createdAt, now - days * DAY_MS),
  );

/** Which of the players this admin gave credits to within four eyes' reach. */
const awardedByAdmin = (catalogue: D1Database, adminId: string, userIds: string[], now: number) =>
  boundQuery(
    catalogue,
    createDb(catalogue)
      .selectDistinct({ userId: creditAdjustments.userId })
      .from(creditAdjustments)
      .where(and(eq(creditAdjustments.adminId, adminId), awardedWithin(userIds, FOUR_EYES_AWARD_DAYS, now))),
  );

/** Every admin's recent awards to the players, per player and admin. */
const recentAwards = (catalogue: D1Database, userIds: string[], now: number) =>
  boundQuery(
    catalogue,
    createDb(catalogue)
      .select({
        userId: creditAdjustments.userId,
        credits: sql<number>`SUM(${creditAdjustments.amount})`.as("credits"),
        admin: users.username,
      })
      .from(creditAdjustments)
      .innerJoin(users, eq(users.id, creditAdjustments.adminId))
      .where(awardedWithin(userIds, REDEMPTION_RISK.recentAwardDays, now))
      .groupBy(creditAdjustments.userId, creditAdjustments.adminId),
  );

/**
 * Why this admin may not fulfil redemptions of each player (four eyes on money out): their own account, or one they
 * awarded credits to within FOUR_EYES_AWARD_DAYS (`awarded`, from awardedByAdmin). Players missing are theirs to fulfil.
 */
const fourEyesBlocks = (adminId: string, userIds: string[], awarded: { userId: string }[]) => {
  const blocks = new Map<string, string>(awarded.map(({ userId }) => [userId, FOUR_EYES_MESSAGES.awarded]));
  if (userIds.includes(adminId)) blocks.set(adminId, FOUR_EYES_MESSAGES.own);
  return blocks;
};

/**
 * For a page of the redemption queue, in one batch per database: what awards did for each player (the winnings of
 * picks paid with awarded credits, the credits admins awarded in the last REDEMPTION_RISK.recentAwardDays days and who
 * awarded them), and why the signed-in admin may not fulfil each player's redemptions (fourEyesBlocks).
 */
export const loadAwardSignals = async (data: DataContext, players: string[], adminId: string, now: number) => {
  const userIds = [...new Set(players)];
  if (userIds.length === 0) return { signals: new Map<string, AwardSignals>(), blocks: new Map<string, string>() };
  const { catalogue: db } = data;
  const groups = [...data.groupPlayers(userIds)];
  const together = groups.find(([player]) => player.db === db);
  const [catalogue, ...elsewhere] = await Promise.all([
    batchNamed(db, {
      awards: recentAwards(db, userIds, now),
      awardedByAdmin: awardedByAdmin(db, adminId, userIds, now),
      winnings: together ? [winningsOf(db, together[1])] : [],
    }),
    ...groups.filter((group) => group !== together).map(([player, ids]) => runQuery(winningsOf(player.db, ids))),
  ]);
  const signals = new Map<string, AwardSignals>();
  const of = (userId: string) => signals.get(userId) ?? NONE;
  for (const { userId, credits } of [...catalogue.winnings, ...elsewhere].flat()) {
    signals.set(userId, { ...of(userId), awardFundedWinnings: credits });
  }
  for (const { userId, credits, admin } of catalogue.awards) {
    const current = of(userId);
    signals.set(userId, {
      ...current,
      recentAwards: current.recentAwards + credits,
      awardedBy: [...current.awardedBy, admin].sort(),
    });
  }
  return { signals, blocks: fourEyesBlocks(adminId, userIds, catalogue.awardedByAdmin) };
};

/** Why this admin may not fulfil a redemption of this player; null when they may. */
export const fulfilBlock = async (data: DataContext, adminId: string, userId: string, now: number) => {
  const awarded = userId === adminId ? [] : await runQuery(awardedByAdmin(data.catalogue, adminId, [userId], now));
  return fourEyesBlocks(adminId, [userId], awarded).get(userId) ?? null;
};
