import { HOLD_CAUSE_LABELS, type HoldCause } from "#shared/redemption-holds";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { AppError } from "../../lib/errors";
import { eq } from "drizzle-orm";
import { auditedPlayerBatch } from "../admin-audit/admin-audit";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { giftCardRedemptions } from "../../db/schema";
import { PLAYER_MOVING_MESSAGE } from "../../db/write-pause";
import {
  alreadyDecided,
  readRedemptionRow,
  selectRedemption,
  toHold,
  toRedemption,
  withRewardName,
} from "./redemption-row";

type Hold = { userId: string; cause: HoldCause; paymentId: string; transactionId: string; now: number };

/**
 * For the batch of a refund's or dispute's take-back: holds every pending redemption of the player, only when
 * that take-back's ledger row (`transactionId`) was written, so a repeated event does not hold again what an
 * admin released. A redemption already held keeps its first cause.
 */
export const holdPendingRedemptions = (d1: D1Database, { userId, cause, paymentId, transactionId, now }: Hold) =>
  d1
    .prepare(
      `UPDATE gift_card_redemptions SET hold_cause = ?1, hold_payment_id = ?2, held_at = ?3, updated_at = ?3
       WHERE user_id = ?4 AND status = 'pending' AND hold_cause IS NULL
         AND EXISTS (SELECT 1 FROM credit_transactions WHERE id = ?5)`,
    )
    .bind(cause, paymentId, now, userId, transactionId);

export const onHold = (cause: HoldCause) =>
  new AppError(
    "conflict",
    `This redemption is on hold (${HOLD_CAUSE_LABELS[cause].toLowerCase()}): release or reject it first`,
  );

/**
 * An admin's explicit release: the redemption stays pending and becomes fulfillable again. The guard names the
 * exact hold that was read, so of concurrent releases one commits, with one audit row recording what it released.
 */
export const releaseHold = async (
  data: DataContext,
  { redemptionId: id, adminId, now }: { redemptionId: string; adminId: string; now: number },
) => {
  const found = await data.findInPlayers((d1) => readRedemptionRow(d1, id));
  if (!found) throw new AppError("not_found", "Redemption not found");
  const { db: d1, found: current } = found;
  data.assertPlayerWritable(current.userId, PLAYER_MOVING_MESSAGE);
  if (current.status !== "pending") throw alreadyDecided(current.status);
  if (!current.holdCause) throw new AppError("conflict", "This redemption is not on hold");

  try {
    const statements = {
      holdGuard: assertInBatch(
        d1,
        "EXISTS (SELECT 1 FROM gift_card_redemptions WHERE id = ? AND status = 'pending' AND hold_cause = ? AND held_at = ?)",
        id,
        current.holdCause,
        current.heldAt,
      ),
      release: writeStatement(
        d1,
        createDb(d1)
          .update(giftCardRedemptions)
          .set({ holdCause: null, holdPaymentId: null, heldAt: null, updatedAt: now })
          .where(eq(giftCardRedemptions.id, id)),
      ),
      released: selectRedemption(d1, id),
    };
    const audit = {
      adminId,
      action: "release_hold",
      entity: "redemption",
      entityId: id,
      before: toHold(current),
      after: null,
      now,
    };
    const { released } = await auditedPlayerBatch(data, d1, statements, audit);
    return { redemption: await withRewardName(data, toRedemption(released[0]!)) };
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    const latest = await readRedemptionRow(d1, id);
    if (latest && latest.status !== "pending") throw alreadyDecided(latest.status);
    throw new AppError(
      "conflict",
      latest?.holdCause ? "This redemption's hold changed. Please reload it" : "This redemption is not on hold",
    );
  }
};
