import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { FOUR_EYES_AWARD_DAYS, REDEMPTION_RISK } from "../../config";
import { boundQuery, runQuery } from "../../db/compiled";
import { createDb } from "../../db/client";
import { creditAdjustments, users } from "../../db/schema";
import { groupByShard } from "../../db/shards";
import { batchNamed, typed } from "../../db/statement";

const DAY_MS = 24 * 60 * 60 * 1000;

export type AwardSignals = { awardFundedWinnings: number; recentAwards: number; awardedBy: string[] };

const NONE: AwardSignals = { awardFundedWinnings: 0, recentAwards: 0, awardedBy: [] };

export const FOUR_EYES_MESSAGES = {
  own: "This is your own redemption: another admin must fulfil it",
  awarded: `You awarded credits to this player in the last ${FOUR_EYES_AWARD_DAYS} days: another admin must fulfil it`,
} as const;

/** Credits each player's award-funded picks paid out, from the ledger of their shard. */
const AWARD_FUNDED_WINNINGS = `SELECT user_id, SUM(amount) AS credits FROM credit_transactions
  WHERE user_id IN (SELECT value FROM json_each(?1)) AND transaction_type = 'pick_payout' AND source = 'awarded'
  GROUP BY user_id`;

const winningsOf = (d1: D1Database, userIds: string[]) =>
  typed<{ user_id: string; credits: number }>(d1.prepare(AWARD_FUNDED_WINNINGS).bind(JSON.stringify(userIds)));

/** Credits given to the players (positive adjustments) within the last `days` days. */
const awardedWithin = (userIds: string[], days: number, now: number) =>
  and(inArray(creditAdjustments.userId, userIds), gt(creditAdjustments.amount, 0), gt(creditAdjustments.createdAt, now - days * DAY_MS));

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
      .select({ userId: creditAdjustments.userId, credits: sql<number>`SUM(${creditAdjustments.amount})`.as("credits"), admin: users.username })
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
export const loadAwardSignals = async (env: Env, players: string[], adminId: string, now: number) => {
  const userIds = [...new Set(players)];
  if (userIds.length === 0) return { signals: new Map<string, AwardSignals>(), blocks: new Map<string, string>() };
  const groups = [...groupByShard(env, userIds)];
  const together = groups.find(([shard]) => shard.db === env.DB);
  const [catalogue, ...shards] = await Promise.all([
    batchNamed(env.DB, {
      awards: recentAwards(env.DB, userIds, now),
      awardedByAdmin: awardedByAdmin(env.DB, adminId, userIds, now),
      winnings: together ? [winningsOf(env.DB, together[1])] : [],
    }),
    ...groups.filter((group) => group !== together).map(([shard, ids]) => batchNamed(shard.db, { winnings: [winningsOf(shard.db, ids)] })),
  ]);
  const signals = new Map<string, AwardSignals>();
  const of = (userId: string) => signals.get(userId) ?? NONE;
  for (const { results } of [...catalogue.winnings, ...shards.flatMap((shard) => shard.winnings)]) {
    for (const { user_id, credits } of results) signals.set(user_id, { ...of(user_id), awardFundedWinnings: credits });
  }
  for (const { userId, credits, admin } of catalogue.awards) {
    const current = of(userId);
    signals.set(userId, { ...current, recentAwards: current.recentAwards + credits, awardedBy: [...current.awardedBy, admin].sort() });
  }
  return { signals, blocks: fourEyesBlocks(adminId, userIds, catalogue.awardedByAdmin) };
};

/** Why this admin may not fulfil a redemption of this player; null when they may. */
export const fulfilBlock = async (env: Env, adminId: string, userId: string, now: number) => {
  const awarded = userId === adminId ? [] : await runQuery(awardedByAdmin(env.DB, adminId, [userId], now));
  return fourEyesBlocks(adminId, [userId], awarded).get(userId) ?? null;
};
