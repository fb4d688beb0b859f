import { REFERRED_SIGNUP_BONUS, SIGNUP_BONUS } from "../../config";
import type { Settings } from "../../env";
import { grantToSelected } from "../credits/selected-movements";
import { emailFingerprint } from "./email-fingerprint";

/** Writes the address's claim unless another account already holds it; run in the batch that deletes an account. */
export const claimAddress = (d1: D1Database, emailHash: string, userId: string, now: number) =>
  d1
    .prepare("INSERT INTO bonus_claims (email_hash, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT(email_hash) DO NOTHING")
    .bind(emailHash, userId, now);

type Confirmed = { id: string; email: string; referredBy: string | null };

/**
 * The sign-up bonus, paid when the address is proven (a confirmation or a reset link), once per address ever:
 * the account claims its address and is paid only if the claim is its own, so a deleted and re-created account
 * gets nothing and, without the claim, earns no referral bonus either (`bonus_owner`).
 */
export const welcomeBonusStatements = async (d1: D1Database, settings: Settings, account: Confirmed, now: number) => {
  const emailHash = await emailFingerprint(settings, account.email);
  const ownsClaim = "EXISTS (SELECT 1 FROM bonus_claims WHERE email_hash = ? AND user_id = ?)";
  const bonus = grantToSelected(d1, {
    recipient: { sql: `SELECT id AS user_id FROM users WHERE id = ? AND ${ownsClaim}`, params: [account.id, emailHash, account.id] },
    amount: account.referredBy ? REFERRED_SIGNUP_BONUS : SIGNUP_BONUS,
    source: "bonus",
    transactionType: "bonus",
    idempotencyKey: `signup:${account.id}`,
    description: account.referredBy ? "Sign-up bonus (invited by a friend)" : "Sign-up bonus",
    now,
  });
  return [
    claimAddress(d1, emailHash, account.id, now),
    d1.prepare(`UPDATE users SET bonus_owner = 1 WHERE id = ? AND ${ownsClaim}`).bind(account.id, emailHash, account.id),
    ...bonus.statements,
  ];
};
