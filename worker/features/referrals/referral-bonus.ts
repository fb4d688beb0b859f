import { REFERRAL_BONUSES_PER_REFERRER_PER_MONTH, REFERRED_FRIEND_BONUS, REFERRER_BONUS } from "../../config";
import type { SqlColumns, SqlRow } from "../../db/rows";
import type { userCredits, users } from "../../db/schema";
import { typed } from "../../db/statement";
import type { Selection } from "../credits/movement";
import { grantToSelected } from "../credits/selected-movements";
import type { CreditsRow } from "../credits/credits-row";

export const referrerBonusKey = (referredUserId: string) => `referral:${referredUserId}:referrer`;
export const friendBonusKey = (referredUserId: string) => `referral:${referredUserId}:friend`;

/** The first day of `now`'s calendar month (UTC), from which a referrer's monthly bonuses are counted. */
const monthStart = (now: number) => {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};

/** `r` is the referrer's row: alive, and under this month's cap, counted in their own ledger. */
const referrerMayEarn = (now: number): Selection => ({
  sql: `r.deleted_at IS NULL AND (SELECT COUNT(*) FROM credit_transactions
          WHERE user_id = r.id AND idempotency_key LIKE 'referral:%:referrer' AND created_at >= ?) < ?`,
  params: [monthStart(now), REFERRAL_BONUSES_PER_REFERRER_PER_MONTH],
});

const referrerGrant = (d1: D1Database, friendId: string, recipient: Selection, now: number) =>
  grantToSelected(d1, {
    recipient,
    amount: REFERRER_BONUS,
    transactionType: "bonus",
    source: "bonus",
    idempotencyKey: referrerBonusKey(friendId),
    description: "Referral bonus: a friend made their first pick",
    now,
  });

/**
 * The referral bonuses as statements for the batch of the friend's pick, so they commit with it or not at all.
 * They are always in the batch and decide in SQL: the friend is paid when referred, once (the key), on their first
 * paid pick (a free pick costs the friend nothing), and only if their account holds its address's bonus claim (a
 * deleted and re-created account does not: docs/decisions/0018-bonus-once.md). The referrer is paid when the friend was
 * paid in this very batch, unless the referrer was deleted or has had this month's bonuses; batches commit one at a
 * time, so concurrent friends' picks cannot pass the monthly cap together. A referrer in another database is not in
 * this one: the route sends their bonus through the referral queue (payQueuedReferrerBonus) instead.
 */
export const referralBonusStatements = (d1: D1Database, userId: string, pickId: string, now: number) => {
  const friend = grantToSelected(d1, {
    recipient: {
      sql: `SELECT u.id AS user_id FROM users u WHERE u.id = ? AND u.referred_by IS NOT NULL AND u.bonus_owner = 1
              AND EXISTS (SELECT 1 FROM user_picks WHERE id = ? AND credits_spent > 0)`,
      params: [userId, pickId],
    },
    amount: REFERRED_FRIEND_BONUS,
    transactionType: "bonus",
    source: "bonus",
    idempotencyKey: friendBonusKey(userId),
    description: "Referral bonus: your first pick",
    now,
  });
  const earns = referrerMayEarn(now);
  const referrer = referrerGrant(
    d1,
    userId,
    {
      sql: `SELECT r.id AS user_id FROM users u JOIN users r ON r.id = u.referred_by
            WHERE u.id = ? AND EXISTS (SELECT 1 FROM credit_transactions WHERE id = ?) AND ${earns.sql}`,
      params: [userId, friend.transactionId, ...earns.params],
    },
    now,
  );
  return {
    statements: [...friend.statements, ...referrer.statements],
    friendTransactionId: friend.transactionId,
    referrerTransactionId: referrer.transactionId,
  };
};

/** The referrer's grant in their own database, for a friend whose pick (at `pickedAt`) paid the friend's bonus. */
export const queuedReferrerGrant = (d1: D1Database, friendId: string, referrerId: string, pickedAt: number) => {
  const earns = referrerMayEarn(pickedAt);
  return referrerGrant(
    d1,
    friendId,
    {
      sql: `SELECT r.id AS user_id FROM users r WHERE r.id = ? AND ${earns.sql}`,
      params: [referrerId, ...earns.params],
    },
    pickedAt,
  );
};

/** After the batch: the friend's referrer when the friend's bonus was paid in it (no row otherwise). */
export const paidFriendStatement = (d1: D1Database, friendTransactionId: string) =>
  typed<{ referrer_id: SqlRow<typeof users>["referred_by"] }>(
    d1
      .prepare(
        "SELECT u.referred_by AS referrer_id FROM credit_transactions t JOIN users u ON u.id = t.user_id WHERE t.id = ?",
      )
      .bind(friendTransactionId),
  );

/** After the batch: the referrer's new balance when this batch paid them (no row otherwise), so their open screens can be told. */
export const paidReferrerStatement = (d1: D1Database, referrerTransactionId: string) =>
  typed<CreditsRow & SqlColumns<typeof userCredits, "user_id">>(
    d1
      .prepare(
        `SELECT c.user_id, c.balance, c.total_earned, c.total_spent, c.redeemable
       FROM credit_transactions t JOIN user_credits c ON c.user_id = t.user_id WHERE t.id = ?`,
      )
      .bind(referrerTransactionId),
  );
