import type { z } from "@hono/zod-openapi";
import { countryFlagUrl } from "#shared/countries";
import { ensureCreditsRow } from "../credits/ledger.service";
import type { meResponseSchema } from "./me.schemas";
import type { SqlColumns } from "../../db/rows";
import type { userCredits, users } from "../../db/schema";
import { batchNamed, typed } from "../../db/statement";

export type Me = z.infer<typeof meResponseSchema>;

type MeRow = SqlColumns<
  typeof users,
  "id" | "email" | "username" | "country" | "country_manually_set" | "role" | "created_at" | "max_streak" | "referral_code"
> &
  SqlColumns<typeof userCredits, "balance" | "total_earned" | "total_spent" | "redeemable">;

/** The profile and credits, for a batch; a missing credits row is created on the way (never an error). */
export const meStatements = (d1: D1Database, userId: string, now: number) => ({
  ensureCredits: ensureCreditsRow(d1, userId, now),
  me: typed<MeRow>(
    d1
      .prepare(
        `SELECT u.id, u.email, u.username, u.country, u.country_manually_set, u.role, u.created_at, u.max_streak,
                u.referral_code, c.balance, c.total_earned, c.total_spent, c.redeemable
         FROM users u JOIN user_credits c ON c.user_id = u.id
         WHERE u.id = ? AND u.deleted_at IS NULL`,
      )
      .bind(userId),
  ),
});

/** What meStatements' `me` read; null for a deleted or missing user. */
export const meOf = (result: D1Result<MeRow>): Me | null => {
  const row = result.results[0];
  if (!row) return null;
  return {
    user: {
      id: row.id,
      email: row.email,
      username: row.username,
      country: row.country,
      countryFlagUrl: countryFlagUrl(row.country),
      countryManuallySet: row.country_manually_set === 1,
      role: row.role,
      createdAt: row.created_at,
      maxStreak: row.max_streak,
      referralCode: row.referral_code,
    },
    credits: {
      balance: row.balance,
      totalEarned: row.total_earned,
      totalSpent: row.total_spent,
      redeemable: row.redeemable,
    },
  };
};

/** The profile and credits in one round trip. */
export const loadMe = async (d1: D1Database, userId: string, now = Date.now()): Promise<Me | null> =>
  meOf((await batchNamed(d1, meStatements(d1, userId, now))).me);
