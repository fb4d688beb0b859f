import type { SqlColumns } from "../../db/rows";
import type { userCredits } from "../../db/schema";
import { typed } from "../../db/statement";

export type CreditsRow = SqlColumns<typeof userCredits, "balance" | "total_earned" | "total_spent" | "redeemable">;

export const toCredits = (row: CreditsRow | null | undefined) => ({
  balance: row?.balance ?? 0,
  totalEarned: row?.total_earned ?? 0,
  totalSpent: row?.total_spent ?? 0,
  redeemable: row?.redeemable ?? 0,
});

/** A player's credits as every money answer reports them (read with toCredits). */
export const creditsStatement = (d1: D1Database, userId: string) =>
  typed<CreditsRow>(
    d1
      .prepare("SELECT balance, total_earned, total_spent, redeemable FROM user_credits WHERE user_id = ?")
      .bind(userId),
  );
