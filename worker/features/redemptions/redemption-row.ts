import type { z } from "@hono/zod-openapi";
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import { createDb, type Db } from "../../db/client";
import { renamed } from "../../db/columns";
import { compiledQueries, firstOf } from "../../db/compiled";
import { creditTransactions, giftCardRedemptions, rewards } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { adminRedemptionSchema, redemptionHoldSchema, redemptionSchema } from "./redemptions.schemas";

export type Redemption = z.infer<typeof redemptionSchema>;
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export type RedemptionStatus = Redemption["status"];
export type RedemptionHold = z.infer<typeof redemptionHoldSchema>;

/** A redemption's columns with its reward's name (joined on `rewardOfRedemption`). */
export const REDEMPTION_FIELDS = { ...getTableColumns(giftCardRedemptions), rewardName: renamed(rewards.name, "reward_name") };

export const rewardOfRedemption = eq(rewards.id, giftCardRedemptions.rewardId);

/** Redemptions with their reward's name; callers add the WHERE, order and limit. */
export const redemptionsQuery = (db: Db) => db.select(REDEMPTION_FIELDS).from(giftCardRedemptions).leftJoin(rewards, rewardOfRedemption);

export type RedemptionRow = Awaited<ReturnType<typeof redemptionsQuery>>[number];

const byId = compiledQueries<"id" | "id and user" | "ledger key", RedemptionRow[]>();

/** One redemption, bound for a batch (for example after the batch changed it). */
export const selectRedemption = (d1: D1Database, id: string) =>
  byId(d1, "id", () => redemptionsQuery(createDb(d1)).where(eq(giftCardRedemptions.id, sql.placeholder("id"))), { id });

/** One of a player's own redemptions. */
export const selectOwnRedemption = (d1: D1Database, id: string, userId: string) =>
  byId(
    d1,
    "id and user",
    () => redemptionsQuery(createDb(d1)).where(and(eq(giftCardRedemptions.id, sql.placeholder("id")), eq(giftCardRedemptions.userId, sql.placeholder("userId")))),
    { id, userId },
  );

/** The redemption a ledger movement paid for, found by the movement's idempotency key. */
export const readRedemptionByLedgerKey = async (d1: D1Database, key: string) => {
  const ledgerRow = createDb(d1).select({ id: creditTransactions.id }).from(creditTransactions).where(eq(creditTransactions.idempotencyKey, sql.placeholder("key")));
  return firstOf(byId(d1, "ledger key", () => redemptionsQuery(createDb(d1)).where(eq(giftCardRedemptions.transactionId, ledgerRow)), { key }));
};

export const toRedemption = (row: RedemptionRow): Redemption => ({
  id: row.id,
  kind: row.kind,
  rewardId: row.rewardId,
  rewardName: row.rewardName,
  method: row.method,
  creditsSpent: row.creditsSpent,
  valueCents: row.valueCents,
  email: row.userEmail,
  payoutHandle: row.payoutHandle,
  status: row.status,
  note: row.note,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  decidedAt: row.decidedAt,
});

/** The hold a refund or dispute put on the redemption, kept on a decided row as the reason it was held. */
export const toHold = (row: RedemptionRow): RedemptionHold | null =>
  row.holdCause ? { cause: row.holdCause, paymentId: row.holdPaymentId ?? "", heldAt: row.heldAt ?? 0 } : null;

export const readRedemptionRow = (d1: D1Database, id: string) => firstOf(selectRedemption(d1, id));

export const alreadyDecided = (status: string) => new AppError("conflict", `This redemption has already been ${status}`);
