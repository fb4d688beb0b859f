import type { z } from "@hono/zod-openapi";
import { and, eq, isNull, sql } from "drizzle-orm";
import { countryFlagUrl } from "#shared/countries";
import { compiledQuery, type RowOf } from "../../db/compiled";
import { userCredits, users } from "../../db/schema";
import { batchNamed } from "../../db/statement";
import { ensureCreditsRow } from "../credits/ledger.service";
import type { meResponseSchema } from "./account-view.schemas";

export type Me = z.infer<typeof meResponseSchema>;

/** Every signed-in load reads it, so it is compiled once (db/compiled.ts). */
const profileAndCredits = compiledQuery((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      country: users.country,
      countryManuallySet: users.countryManuallySet,
      role: users.role,
      createdAt: users.createdAt,
      maxStreak: users.maxStreak,
      referralCode: users.referralCode,
      balance: userCredits.balance,
      totalEarned: userCredits.totalEarned,
      totalSpent: userCredits.totalSpent,
      redeemable: userCredits.redeemable,
    })
    .from(users)
    .innerJoin(userCredits, eq(userCredits.userId, users.id))
    .where(and(eq(users.id, sql.placeholder("userId")), isNull(users.deletedAt))),
);

/** The profile and credits, for a batch; a missing credits row is created on the way (never an error). */
export const meStatements = (d1: D1Database, userId: string, now: number) => ({
  ensureCredits: ensureCreditsRow(d1, userId, now),
  me: profileAndCredits(d1, { userId }),
});

/** What meStatements' `me` read; null for a deleted or missing user. */
export const meOf = (rows: RowOf<typeof profileAndCredits>[]): Me | null => {
  const row = rows[0];
  if (!row) return null;
  const { balance, totalEarned, totalSpent, redeemable, ...user } = row;
  return {
    user: { ...user, countryFlagUrl: countryFlagUrl(user.country) },
    credits: { balance, totalEarned, totalSpent, redeemable },
  };
};

/** The profile and credits in one round trip. */
export const loadMe = async (d1: D1Database, userId: string, now = Date.now()): Promise<Me | null> =>
  meOf((await batchNamed(d1, meStatements(d1, userId, now))).me);
