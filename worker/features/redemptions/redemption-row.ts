import type { z } from "@hono/zod-openapi";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { createDb, type Db } from "../../db/client";
import { renamed } from "../../db/columns";
import { compiledQuery, firstOf } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { creditTransactions, giftCardRedemptions, rewards } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { adminRedemptionSchema, redemptionHoldSchema, redemptionSchema } from "./redemptions.schemas";

export type Redemption = z.infer<typeof redemptionSchema>;
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;
export type RedemptionStatus = Redemption["status"];
export type RedemptionHold = z.infer<typeof redemptionHoldSchema>;

/** A redemption's columns with its reward's name (joined on `rewardOfRedemption`; see withRewardNames). */
export const REDEMPTION_FIELDS = {
  ...getTableColumns(giftCardRedemptions),
  rewardName: renamed(rewards.name, "reward_name"),
};

export const rewardOfRedemption = eq(rewards.id, giftCardRedemptions.rewardId);

/** Redemptions with their reward's name; callers add the WHERE, order and limit. */
export const redemptionsQuery = (db: Db) =>
  db.select(REDEMPTION_FIELDS).from(giftCardRedemptions).leftJoin(rewards, rewardOfRedemption);

export type RedemptionRow = Awaited<ReturnType<typeof redemptionsQuery>>[number];

const byId = compiledQuery((db) => redemptionsQuery(db).where(eq(giftCardRedemptions.id, sql.placeholder("id"))));

const ownById = compiledQuery((db) =>
  redemptionsQuery(db).where(
    and(eq(giftCardRedemptions.id, sql.placeholder("id")), eq(giftCardRedemptions.userId, sql.placeholder("userId"))),
  ),
);

const byLedgerKey = compiledQuery((db) => {
  const ledgerRow = db
    .select({ id: creditTransactions.id })
    .from(creditTransactions)
    .where(eq(creditTransactions.idempotencyKey, sql.placeholder("key")));
  return redemptionsQuery(db).where(eq(giftCardRedemptions.transactionId, ledgerRow));
});

/** One redemption, bound for a batch (for example after the batch changed it). */
export const selectRedemption = (d1: D1Database, id: string) => byId(d1, { id });

/** One of a player's own redemptions. */
export const selectOwnRedemption = (d1: D1Database, id: string, userId: string) => ownById(d1, { id, userId });

/** The redemption a ledger movement paid for, found by the movement's idempotency key. */
export const readRedemptionByLedgerKey = (d1: D1Database, key: string) => firstOf(byLedgerKey(d1, { key }));

/**
 * Rewards are catalogue rows that player databases do not copy, so their join finds no reward's name. Where the
 * players are not in the catalogue, the names of the rows' rewards are read from it, one read for the lot.
 */
export const withRewardNames = async <Row extends { rewardId: string | null; rewardName: string | null }>(
  data: DataContext,
  rows: Row[],
) => {
  const ids = [...new Set(rows.flatMap((row) => (row.rewardId ? [row.rewardId] : [])))];
  if (data.playersInCatalogue || ids.length === 0) return rows;
  const named = await createDb(data.catalogue)
    .select({ id: rewards.id, name: rewards.name })
    .from(rewards)
    .where(inArray(rewards.id, ids));
  const names = new Map(named.map(({ id, name }) => [id, name]));
  return rows.map((row) => ({ ...row, rewardName: row.rewardId ? (names.get(row.rewardId) ?? null) : null }));
};

export const withRewardName = async (data: DataContext, redemption: Redemption) =>
  (await withRewardNames(data, [redemption]))[0]!;

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

export const alreadyDecided = (status: string) =>
  new AppError("conflict", `This redemption has already been ${status}`);
