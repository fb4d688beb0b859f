import * as z from "zod";
import { playerDb, shardMap } from "../../db/shards";
import { writablePlayerDb } from "../../lib/write-pause";
import { batchNamed, firstRow, typed } from "../../db/statement";
import { log } from "../../lib/log";
import { backoffSeconds } from "../../lib/queue-backoff";
import { publishCredits } from "../../realtime/publish-credits";
import { friendBonusKey, queuedReferrerGrant } from "./referral-bonus";

const messageSchema = z.object({ friendId: z.string().min(1).max(100) });
type ReferralMessage = z.infer<typeof messageSchema>;

/** How far back the sweep looks for friends' bonuses whose referrer may still be owed. */
const SWEEP_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;

/** The friend's side, read in their own shard: who referred them, and when their pick paid their bonus. */
const friendBonus = (d1: D1Database, friendId: string) =>
  firstRow(
    typed<{ referrer_id: string; paid_at: number }>(
      d1
        .prepare(
          `SELECT u.referred_by AS referrer_id, t.created_at AS paid_at
           FROM users u JOIN credit_transactions t ON t.idempotency_key = ?2
           WHERE u.id = ?1 AND u.referred_by IS NOT NULL`,
        )
        .bind(friendId, friendBonusKey(friendId)),
    ),
  );

/**
 * Pays the referrer of a friend whose first pick paid the friend's bonus, in the referrer's own shard, where their
 * monthly cap is counted; the bonus's key makes a duplicated or repeated message pay nothing. The message names only
 * the friend: everything else is read from the friend's shard, so a forged message can at most pay what is owed.
 */
export const payQueuedReferrerBonus = async (env: Env, friendId: string) => {
  const friend = await friendBonus(playerDb(env, friendId), friendId);
  if (!friend) return false;
  // A referrer whose bucket is being moved waits: the message is retried, and the hourly sweep is the net after that.
  const referrerDb = writablePlayerDb(env, friend.referrer_id);
  // In the friend's own shard the pick's batch paid (or refused) the referrer already.
  if (referrerDb === playerDb(env, friendId)) return false;
  const grant = queuedReferrerGrant(referrerDb, friendId, friend.referrer_id, friend.paid_at);
  const { paid } = await batchNamed(referrerDb, {
    grant: grant.statements,
    paid: typed<{ id: string }>(referrerDb.prepare("SELECT id FROM credit_transactions WHERE id = ?").bind(grant.transactionId)),
  });
  if (paid.results.length > 0) await publishCredits(env, friend.referrer_id);
  return paid.results.length > 0;
};

/** After a friend's pick paid their bonus: their referrer, when in another shard, is paid through the queue. */
export const sendReferrerBonus = async (env: Env, friendId: string, referrerId: string) => {
  if (playerDb(env, referrerId) === playerDb(env, friendId)) return;
  try {
    await env.REFERRAL_QUEUE.send({ friendId } satisfies ReferralMessage);
  } catch (error) {
    // The hourly sweep pays it.
    log("error", "referral_enqueue_failed", { friendId, error: String(error) });
  }
};

/** The referral queue's consumer. */
export const consumeReferrals = async (batch: MessageBatch, env: Env) => {
  for (const message of batch.messages) {
    const parsed = messageSchema.safeParse(message.body);
    if (!parsed.success) {
      log("error", "referral_message_dropped", { id: message.id, body: message.body });
      message.ack();
      continue;
    }
    try {
      await payQueuedReferrerBonus(env, parsed.data.friendId);
      message.ack();
    } catch (error) {
      log("error", "referral_bonus_failed", { friendId: parsed.data.friendId, attempt: message.attempts, error: String(error) });
      message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    }
  }
};

/**
 * The net under the queue: every friend's bonus of the last two days, in every shard, has its referrer paid if they
 * live elsewhere and are owed (a message lost between the pick's commit and the queue pays here, once).
 */
export const sweepReferrerBonuses = async (env: Env, now: number) => {
  const { shards } = shardMap(env);
  let paid = 0;
  if (shards.length === 1) return { paid };
  for (const { db } of shards) {
    const { results } = await db
      .prepare(
        `SELECT t.user_id, u.referred_by FROM credit_transactions t INDEXED BY credit_transactions_friend_bonus
         JOIN users u ON u.id = t.user_id
         WHERE t.idempotency_key LIKE 'referral:%:friend' AND t.created_at > ?`,
      )
      .bind(now - SWEEP_WINDOW_MS)
      .all<{ user_id: string; referred_by: string | null }>();
    const elsewhere = results.filter(({ referred_by }) => referred_by !== null && playerDb(env, referred_by) !== db);
    for (const { user_id } of elsewhere) if (await payQueuedReferrerBonus(env, user_id)) paid += 1;
  }
  return { paid };
};
