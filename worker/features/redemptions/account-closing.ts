import { and, eq } from "drizzle-orm";
import { redemptionLabel } from "#shared/redemptions";
import { assertInBatch } from "../../db/batch-guard";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { newestFirst } from "../../db/keyset";
import { giftCardRedemptions } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { grantToSelected } from "../credits/selected-movements";
import { redemptionsQuery, toRedemption, withRewardNames } from "./redemption-row";

export type PendingRedemption = { id: string; label: string; credits: number };

export const CANCELLED_FOR_DELETION_NOTE = "Cancelled by the player to delete the account";

/** The player's redemptions still waiting for an admin, newest first. */
export const readPendingRedemptions = async (data: DataContext, userId: string): Promise<PendingRedemption[]> => {
  const r = giftCardRedemptions;
  const rows = await redemptionsQuery(createDb(data.player(userId)))
    .where(and(eq(r.userId, userId), eq(r.status, "pending")))
    .orderBy(...newestFirst(r));
  const named = await withRewardNames(data, rows.map(toRedemption));
  return named.map((redemption) => ({
    id: redemption.id,
    label: redemptionLabel(redemption),
    credits: redemption.creditsSpent,
  }));
};

/**
 * Deleting the account would leave these for an admin to pay out to an erased address: the player cancels them first,
 * in the deletion's own sheet. The refusal names each, so any client can show them.
 */
export const pendingRedemptionsRefusal = (pending: PendingRedemption[]) =>
  new AppError(
    "conflict",
    `You have ${pending.length === 1 ? "a pending redemption" : `${pending.length} pending redemptions`}: ${pending
      .map(({ label, credits }) => `${label} (${credits} ${credits === 1 ? "credit" : "credits"})`)
      .join(
        ", ",
      )}. Cancel ${pending.length === 1 ? "it" : "them"} to delete your account; cancelling refunds the credits.`,
    { field: "cancelRedemptions", pendingRedemptions: pending },
  );

/**
 * For the deletion's batch: cancels the pending redemptions the player agreed to cancel, each refunded once as an
 * admin's rejection would be (under its `redemption-refund:<id>` key, and only by the batch that stamped the
 * cancellation: one an admin decided meanwhile is left as it is), then aborts the batch if any redemption is still
 * pending. Redemption batches refuse a deleted account, so none can slip in after it either.
 */
export const cancelForAccountDeletion = (
  d1: D1Database,
  userId: string,
  agreed: readonly PendingRedemption[],
  now: number,
) => [
  ...agreed.flatMap(({ id, credits }) => {
    const stamp = newId();
    return [
      d1
        .prepare(
          `UPDATE gift_card_redemptions SET status = 'rejected', note = ?1, decided_by = ?2, decided_at = ?3,
             decision_id = ?4, updated_at = ?3
           WHERE id = ?5 AND user_id = ?2 AND status = 'pending'`,
        )
        .bind(CANCELLED_FOR_DELETION_NOTE, userId, now, stamp, id),
      ...grantToSelected(d1, {
        recipient: {
          sql: "SELECT user_id FROM gift_card_redemptions WHERE id = ? AND decision_id = ?",
          params: [id, stamp],
        },
        amount: credits,
        transactionType: "refund",
        source: "winnings",
        idempotencyKey: `redemption-refund:${id}`,
        description: "Refund: redemption cancelled",
        now,
      }).statements,
    ];
  }),
  assertInBatch(
    d1,
    "NOT EXISTS (SELECT 1 FROM gift_card_redemptions WHERE user_id = ? AND status = 'pending')",
    userId,
  ),
];
