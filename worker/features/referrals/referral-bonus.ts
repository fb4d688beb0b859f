import { REFERRED_FRIEND_BONUS, REFERRER_BONUS } from "../../config";
import { grant } from "../credits/ledger.service";

export const referrerBonusKey = (referredUserId: string) => `referral:${referredUserId}:referrer`;
export const friendBonusKey = (referredUserId: string) => `referral:${referredUserId}:friend`;

type Referral = { referred_by: string; referrer_deleted: number };

/**
 * The referral bonuses as statements for the batch of the friend's pick, so they commit with it or not at all.
 * Once paid (the friend's key exists) this is empty, and the unique keys make a racing second pick a no-op.
 * A deleted referrer gets nothing; the friend still gets theirs.
 */
export const referralBonusStatements = async (d1: D1Database, userId: string, now: number): Promise<D1PreparedStatement[]> => {
  const referral = await d1
    .prepare(
      `SELECT u.referred_by, r.deleted_at IS NOT NULL AS referrer_deleted
       FROM users u JOIN users r ON r.id = u.referred_by
       WHERE u.id = ? AND NOT EXISTS (SELECT 1 FROM credit_transactions WHERE idempotency_key = ?)`,
    )
    .bind(userId, friendBonusKey(userId))
    .first<Referral>();
  if (!referral) return [];
  const friend = grant(d1, {
    userId,
    amount: REFERRED_FRIEND_BONUS,
    transactionType: "bonus",
    source: "bonus",
    idempotencyKey: friendBonusKey(userId),
    description: "Referral bonus: your first pick",
    now,
  });
  if (referral.referrer_deleted) return friend.statements;
  const referrer = grant(d1, {
    userId: referral.referred_by,
    amount: REFERRER_BONUS,
    transactionType: "bonus",
    source: "bonus",
    idempotencyKey: referrerBonusKey(userId),
    description: "Referral bonus: a friend made their first pick",
    now,
  });
  return [...friend.statements, ...referrer.statements];
};
