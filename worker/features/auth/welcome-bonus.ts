import { and, eq, exists, ne, notExists, type SQL } from "drizzle-orm";
import { REFERRED_SIGNUP_BONUS, SIGNUP_BONUS } from "../../config";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { bonusClaims, users } from "../../db/schema";
import type { Settings } from "../../env";
import { grantToSelected } from "../credits/selected-movements";
import { emailFingerprints } from "./email-fingerprint";

/** Writes the address's claim unless another account already holds it; run in the batch that deletes an account. */
export const claimAddress = (d1: D1Database, emailHash: string, userId: string, now: number) =>
  writeStatement(
    d1,
    createDb(d1).insert(bonusClaims).values({ emailHash, userId, createdAt: now }).onConflictDoNothing(),
  );

/** Marks the account as its address's bonus owner when it holds the claim and no other account held an earlier one. */
const takeBonusOwnership = (catalogue: D1Database, userId: string, current: string, earlier: string) => {
  const db = createDb(catalogue);
  const claims = (where: SQL | undefined) => db.select({ userId: bonusClaims.userId }).from(bonusClaims).where(where);
  return writeStatement(
    catalogue,
    db
      .update(users)
      .set({ bonusOwner: true })
      .where(
        and(
          eq(users.id, userId),
          exists(claims(and(eq(bonusClaims.emailHash, current), eq(bonusClaims.userId, userId)))),
          notExists(claims(and(eq(bonusClaims.emailHash, earlier), ne(bonusClaims.userId, userId)))),
        ),
      ),
  );
};

type Confirmed = { id: string; email: string; referredBy: string | null };

/**
 * The sign-up bonus, paid when the address is proven (a confirmation or a reset link), once per address ever:
 * the account claims its address in the catalogue (`directory`, one table for every player database) and is paid in
 * its own database (`player`) only if the claim is its own, so a deleted and re-created account gets nothing and,
 * without the claim, earns no referral bonus either (`bonus_owner`, which reaches the player's database with the
 * directory's row).
 */
export const welcomeBonus = async (catalogue: D1Database, settings: Settings, account: Confirmed, now: number) => {
  const { current, earlier } = await emailFingerprints(settings, account.email);
  return {
    directory: [
      claimAddress(catalogue, current, account.id, now),
      takeBonusOwnership(catalogue, account.id, current, earlier),
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
