import { REFERRED_SIGNUP_BONUS, SIGNUP_BONUS } from "../../config";
import type { Settings } from "../../env";
import { grantToSelected } from "../credits/selected-movements";
import { emailFingerprints } from "./email-fingerprint";

/** Writes the address's claim unless another account already holds it; run in the batch that deletes an account. */
export const claimAddress = (d1: D1Database, emailHash: string, userId: string, now: number) =>
  d1
    .prepare("INSERT INTO bonus_claims (email_hash, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT(email_hash) DO NOTHING")
    .bind(emailHash, userId, now);

type Confirmed = { id: string; email: string; referredBy: string | null };

/**
 * The sign-up bonus, paid when the address is proven (a confirmation or a reset link), once per address ever:
 * the account claims its address in the catalogue (`directory`, one table for every shard) and is paid on its shard
 * (`player`) only if the claim is its own, so a deleted and re-created account gets nothing and, without the claim,
 * earns no referral bonus either (`bonus_owner`, which reaches the shard with the directory's row).
 */
export const welcomeBonus = async (catalogue: D1Database, settings: Settings, account: Confirmed, now: number) => {
  const { current, earlier } = await emailFingerprints(settings, account.email);
  return {
    directory: [
      claimAddress(catalogue, current, account.id, now),
      catalogue
        .prepare(
          `UPDATE users SET bonus_owner = 1 WHERE id = ?1
             AND EXISTS (SELECT 1 FROM bonus_claims WHERE email_hash = ?2 AND user_id = ?1)
             AND NOT EXISTS (SELECT 1 FROM bonus_claims WHERE email_hash = ?3 AND user_id <> ?1)`,
        )
        .bind(account.id, current, earlier),
    ],
    player: (d1: D1Database) =>
      grantToSelected(d1, {
        recipient: { sql: "SELECT id AS user_id FROM users WHERE id = ? AND bonus_owner = 1", params: [account.id] },
        amount: account.referredBy ? REFERRED_SIGNUP_BONUS : SIGNUP_BONUS,
        source: "bonus",
        transactionType: "bonus",
        idempotencyKey: `signup:${account.id}`,
        description: account.referredBy ? "Sign-up bonus (invited by a friend)" : "Sign-up bonus",
        now,
      }).statements,
  };
};
