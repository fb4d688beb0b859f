import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { LiveMessage } from "#shared/live-messages";
import { createDb } from "../../db/client";
import { boundQuery } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { creditTransactions, userCredits, userPicks } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import type { Delivery } from "../../realtime/live-hubs";
import { onlineUsers, publishToUsers, type LiveEnv } from "../../realtime/live-hubs";
import { broadcastWins } from "../activity/broadcast-wins";
import { toCredits } from "../credits/credits-row";
import { requestPushes } from "../notifications/push-queue";
import { notifyStreakCorrections } from "./streak-corrections";

/** D1 allows 100 bound parameters a statement; one is the question id. */
const USERS_PER_QUERY = 90;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const t = creditTransactions;
const newer = alias(creditTransactions, "newer");

const readForUsers = (d1: D1Database, questionId: string, userIds: string[]) => {
  const db = createDb(d1);
  // The newest ledger row of each player on this question: the payout, refund or reversal this settlement wrote.
  // The unary pluses keep SQLite on the per-user index: by question it walked every ledger row of a hot question
  // (100,000+) for each player, 0.3 to 0.5 s per group instead of about 1 ms.
  const newest = db
    .select({ rowid: sql`MAX(rowid)` })
    .from(newer)
    .where(and(eq(newer.userId, t.userId), sql`+${newer.questionId} = ${t.questionId}`));
  return batchNamed(d1, {
    credits: boundQuery(
      d1,
      db
        .select({
          userId: userCredits.userId,
          balance: userCredits.balance,
          total_earned: userCredits.totalEarned,
          total_spent: userCredits.totalSpent,
          redeemable: userCredits.redeemable,
        })
        .from(userCredits)
        .where(inArray(userCredits.userId, userIds)),
    ),
    picks: boundQuery(
      d1,
      db
        .select({
          id: userPicks.id,
          userId: userPicks.userId,
          status: userPicks.status,
          actualPayout: userPicks.actualPayout,
        })
        .from(userPicks)
        .where(and(eq(userPicks.questionId, questionId), inArray(userPicks.userId, userIds))),
    ),
    transactions: boundQuery(
      d1,
      db
        .select({
          id: t.id,
          userId: t.userId,
          amount: t.amount,
          transactionType: t.transactionType,
          description: t.description,
          createdAt: t.createdAt,
        })
        .from(t)
        .where(
          and(
            sql`+${t.questionId} = ${questionId}`,
            inArray(t.userId, userIds),
            ne(t.transactionType, "spend"),
            sql`${t}.rowid = (${newest})`,
          ),
        ),
    ),
  });
};

/**
 * Each player's open screens get their new balance, their pick's state (while the pick exists) and the newest ledger
 * row on the question: a settlement's payout, refund or reversal, or a deleted question's refund. Only players with
 * a socket open are read and sent to, in one call per hub: a pass settles up to 12,500 players, most of them not
 * looking.
 */
export const publishPlayerUpdates = async (data: DataContext, live: LiveEnv, questionId: string, userIds: string[]) => {
  const deliveries: Delivery[] = [];
  const online = await onlineUsers(live, [...new Set(userIds)]);
  const groups = [...data.groupPlayers(online)].flatMap(([{ db }, ids]) =>
    chunks(ids, USERS_PER_QUERY).map((group) => ({ db, group })),
  );
  for (const { db, group } of groups) {
    const { credits, picks, transactions } = await readForUsers(db, questionId, group);
    const groupDeliveries = group.map((userId): Delivery => {
      const messages: LiveMessage[] = [];
      const row = credits.find((c) => c.userId === userId);
      if (row) messages.push({ type: "credits", data: toCredits(row) });
      for (const pick of picks.filter((p) => p.userId === userId)) {
        messages.push({
          type: "pick",
          data: { id: pick.id, questionId, status: pick.status, actualPayout: pick.actualPayout },
        });
      }
      const tx = transactions.find((transaction) => transaction.userId === userId);
      if (tx) {
        messages.push({
          type: "transaction",
          data: {
            id: tx.id,
            amount: tx.amount,
            transactionType: tx.transactionType,
            description: tx.description,
            createdAt: tx.createdAt,
          },
        });
      }
      return { userId, messages };
    });
    deliveries.push(...groupDeliveries);
  }
  await publishToUsers(live, deliveries);
};

/**
 * After a settlement pass commits: the players' updates, the streak corrections explained, then the question's newest
 * wins for the community feed. Push notices are not sent here: they go out from the push queue, or the cron's push job.
 */
export const publishSettlement = async (data: DataContext, env: Env, questionId: string, userIds: string[]) => {
  await publishPlayerUpdates(data, env, questionId, userIds);
  await notifyStreakCorrections(data, env, questionId, userIds);
  await broadcastWins(data, env, questionId);
};

/** After an admin's outcome has answered: what the request settled is told at once, pushes included. */
export const publishSettlementNow = async (data: DataContext, env: Env, questionId: string, userIds: string[]) => {
  await publishSettlement(data, env, questionId, userIds);
  await requestPushes(data, data.groupPlayers(userIds).keys());
};
