import type { LiveMessage } from "#shared/live-messages";
import type { Delivery } from "../../realtime/live-hub";
import { onlineUsers, publishToUsers } from "../../realtime/live-shards";
import { broadcastWins } from "../activity/broadcast-wins";
import { requestPushes } from "../notifications/push-queue";
import { notifyStreakCorrections } from "./streak-corrections";
import { toCredits, type CreditsRow } from "../picks/pick-row";
import type { SqlColumns } from "../../db/rows";
import { groupByShard } from "../../db/shards";
import type { creditTransactions, userPicks } from "../../db/schema";
import { batchNamed, typed } from "../../db/statement";

/** D1 allows 100 bound parameters a statement; one is the question id. */
const USERS_PER_QUERY = 90;

type PickRow = SqlColumns<typeof userPicks, "id" | "user_id" | "status" | "actual_payout">;
type TransactionRow = SqlColumns<typeof creditTransactions, "id" | "user_id" | "amount" | "transaction_type" | "description" | "created_at">;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const readForUsers = async (d1: D1Database, questionId: string, userIds: string[]) => {
  const marks = userIds.map(() => "?").join(", ");
  const { credits, picks, transactions } = await batchNamed(d1, {
    credits: typed<CreditsRow & { user_id: string }>(
      d1.prepare(`SELECT user_id, balance, total_earned, total_spent, redeemable FROM user_credits WHERE user_id IN (${marks})`).bind(...userIds),
    ),
    picks: typed<PickRow>(
      d1.prepare(`SELECT id, user_id, status, actual_payout FROM user_picks WHERE question_id = ? AND user_id IN (${marks})`).bind(questionId, ...userIds),
    ),
    // The newest ledger row of each player on this question: the payout, refund or reversal this settlement wrote.
    // The unary pluses keep SQLite on the per-user index: by question it walked every ledger row of a hot question
    // (100,000+) for each player, 0.3 to 0.5 s per group instead of about 1 ms.
    transactions: typed<TransactionRow>(
      d1.prepare(
        `SELECT t.id, t.user_id, t.amount, t.transaction_type, t.description, t.created_at FROM credit_transactions t
         WHERE +t.question_id = ? AND t.user_id IN (${marks}) AND t.transaction_type <> 'spend'
           AND t.rowid = (SELECT MAX(rowid) FROM credit_transactions x WHERE x.user_id = t.user_id AND +x.question_id = t.question_id)`,
      ).bind(questionId, ...userIds),
    ),
  });
  return { credits: credits.results, picks: picks.results, transactions: transactions.results };
};

/**
 * Each player's open screens get their new balance, their pick's state (while the pick exists) and the newest ledger
 * row on the question: a settlement's payout, refund or reversal, or a deleted question's refund. Only players with
 * a socket open are read and sent to, in one call per hub shard: a pass settles up to 12,500 players, most of them
 * not looking.
 */
export const publishPlayerUpdates = async (env: Env, questionId: string, userIds: string[]) => {
  const deliveries: Delivery[] = [];
  const online = await onlineUsers(env, [...new Set(userIds)]);
  const groups = [...groupByShard(env, online)].flatMap(([shard, ids]) => chunks(ids, USERS_PER_QUERY).map((group) => ({ shard, group })));
  for (const { shard, group } of groups) {
    const { credits, picks, transactions } = await readForUsers(shard.db, questionId, group);
    const groupDeliveries = group.map((userId): Delivery => {
      const messages: LiveMessage[] = [];
      const row = credits.find((c) => c.user_id === userId);
      if (row) messages.push({ type: "credits", data: toCredits(row) });
      for (const pick of picks.filter((p) => p.user_id === userId)) {
        messages.push({ type: "pick", data: { id: pick.id, questionId, status: pick.status, actualPayout: pick.actual_payout } });
      }
      const tx = transactions.find((t) => t.user_id === userId);
      if (tx) {
        messages.push({
          type: "transaction",
          data: { id: tx.id, amount: tx.amount, transactionType: tx.transaction_type, description: tx.description, createdAt: tx.created_at },
        });
      }
      return { userId, messages };
    });
    deliveries.push(...groupDeliveries);
  }
  await publishToUsers(env, deliveries);
};

/**
 * After a settlement pass commits: the players' updates, the streak corrections explained, then the question's newest
 * wins for the community feed. Push notices are not sent here: they go out from the push queue, or the cron's push job.
 */
export const publishSettlement = async (env: Env, questionId: string, userIds: string[]) => {
  await publishPlayerUpdates(env, questionId, userIds);
  await notifyStreakCorrections(env, questionId, userIds);
  await broadcastWins(env, questionId);
};

/** After an admin's outcome has answered: what the request settled is told at once, pushes included. */
export const publishSettlementNow = async (env: Env, questionId: string, userIds: string[]) => {
  await publishSettlement(env, questionId, userIds);
  await requestPushes(env, groupByShard(env, userIds).keys());
};
