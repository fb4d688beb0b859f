import { and, eq, isNotNull } from "drizzle-orm";
import * as z from "zod";
import { createDb } from "../../db/client";
import { boundQuery } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { creditTransactions, users } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { log } from "../../lib/log";
import { backoffSeconds } from "../../lib/queue-backoff";
import type { LiveEnv } from "../../realtime/live-hubs";
import { publishCredits } from "../credits/publish-credits";
import { friendBonusKey, queuedReferrerGrant } from "./referral-bonus";

const messageSchema = z.object({ friendId: z.string().min(1).max(100) });
type ReferralMessage = z.infer<typeof messageSchema>;

/** How far back the sweep looks for friends' bonuses whose referrer may still be owed. */
const SWEEP_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

/** The friend's side, read in their own database: who referred them, and when their pick paid their bonus. */
const friendBonus = async (d1: D1Database, friendId: string) => {
  const [friend] = await createDb(d1)
    .select({ referrerId: users.referredBy, paidAt: creditTransactions.createdAt })
    .from(users)
    .innerJoin(creditTransactions, eq(creditTransactions.idempotencyKey, friendBonusKey(friendId)))
    .where(and(eq(users.id, friendId), isNotNull(users.referredBy)));
  return friend?.referrerId ? { referrerId: friend.referrerId, paidAt: friend.paidAt } : null;
};

/**
 * Pays the referrer of a friend whose first pick paid the friend's bonus, in the referrer's own database, where their
 * monthly cap is counted; the bonus's key makes a duplicated or repeated message pay nothing. The message names only
 * the friend: everything else is read from the friend's database, so a forged message can at most pay what is owed.
 */
export const payQueuedReferrerBonus = async (data: DataContext, live: LiveEnv, friendId: string) => {
  const friendDb = data.player(friendId);
  const friend = await friendBonus(friendDb, friendId);
  if (!friend) return false;
  // A referrer being moved waits: the message is retried, and the hourly sweep is the net after that.
  const referrerDb = data.writablePlayer(friend.referrerId);
  // In the friend's own database the pick's batch paid (or refused) the referrer already.
  if (referrerDb === friendDb) return false;
  const grant = queuedReferrerGrant(referrerDb, friendId, friend.referrerId, friend.paidAt);
  const written = createDb(referrerDb)
    .select({ id: creditTransactions.id })
    .from(creditTransactions)
    .where(eq(creditTransactions.id, grant.transactionId));
  const { paid } = await batchNamed(referrerDb, { grant: grant.statements, paid: boundQuery(referrerDb, written) });
  if (paid.length > 0) await publishCredits(data, live, friend.referrerId);
  return paid.length > 0;
};

/** After a friend's pick paid their bonus: their referrer, when in another database, is paid through the queue. */
export const sendReferrerBonus = async (data: DataContext, friendId: string, referrerId: string) => {
  if (data.player(referrerId) === data.player(friendId)) return;
  try {
    await data.queues.referrals.send({ friendId } satisfies ReferralMessage);
  } catch (error) {
    // The hourly sweep pays it.
    log("error", "referral_enqueue_failed", { friendId, error: String(error) });
  }
};

/** The referral queue's consumer. */
export const consumeReferrals = async (batch: MessageBatch, data: DataContext, env: Env) => {
  for (const message of batch.messages) {
    const parsed = messageSchema.safeParse(message.body);
    if (!parsed.success) {
      log("error", "referral_message_dropped", { id: message.id, body: message.body });
      message.ack();
      continue;
    }
    try {
      await payQueuedReferrerBonus(data, env, parsed.data.friendId);
      message.ack();
    } catch (error) {
      log("error", "referral_bonus_failed", {
        friendId: parsed.data.friendId,
        attempt: message.attempts,
        error: String(error),
      });
      message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    }
  }
};

/**
 * The net under the queue: every friend's bonus of the last two days, in every player database, has its referrer paid
 * if they live elsewhere and are owed (a message lost between the pick's commit and the queue pays here, once).
 */
export const sweepReferrerBonuses = async (data: DataContext, now: number, env: Env) => {
  const players = data.players();
  let paid = 0;
  if (players.length === 1) return { paid };
  for (const { db } of players) {
    const { results } = await db
      .prepare(
        `SELECT t.user_id, u.referred_by FROM credit_transactions t INDEXED BY credit_transactions_friend_bonus
         JOIN users u ON u.id = t.user_id
         WHERE t.idempotency_key LIKE 'referral:%:friend' AND t.created_at > ?`,
      )
      .bind(now - SWEEP_WINDOW_MS)
      .all<{ user_id: string; referred_by: string | null }>();
    const elsewhere = results.filter(({ referred_by }) => referred_by !== null && data.player(referred_by) !== db);
    for (const { user_id } of elsewhere) if (await payQueuedReferrerBonus(data, env, user_id)) paid += 1;
  }
  return { paid };
};
