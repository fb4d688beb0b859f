import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { auditedPlayerBatch } from "../admin-audit/admin-audit";
import type { DataContext } from "../../db/data-context";
import { PLAYER_MOVING_MESSAGE } from "../../db/write-pause";
import { grant } from "../credits/ledger.service";
import { onHold } from "./redemption-holds";
import { fulfilBlock } from "./award-signals";
import { alreadyDecided, readRedemptionRow, selectRedemption, toRedemption, withRewardName } from "./redemption-row";
import { queueNotice } from "../notifications/push-deliveries";
import { queueEmail } from "../emails/email-deliveries";
import { redemptionFulfilledEmail, redemptionRejectedEmail } from "./redemption-emails";

type Decision = {
  redemptionId: string;
  status: "fulfilled" | "rejected";
  note: string | null;
  adminId: string;
  now: number;
  /** The app's address, for the email the decision's batch keeps for sending. */
  appUrl: string;
};

/**
 * Moves a pending redemption to fulfilled or rejected, once. The update only matches a pending row and stamps a
 * fresh decision id, and a guard aborts the batch unless this call's stamp is the one stored: of concurrent
 * decisions exactly one commits. A rejection refunds in the same batch under `redemption-refund:<id>` as
 * winnings, so the credits are redeemable again and can never come back twice. A held redemption (a refund or
 * dispute landed) can be rejected but not fulfilled: the update's own WHERE refuses it, so a hold that lands
 * between the read and the batch still wins. The redemption is found in whichever player database holds it (the
 * admin names only its id); the audit entry goes to the catalogue. Nobody fulfils a redemption of their own account or of one
 * they awarded credits to lately (award-signals.ts): another admin must.
 */
export const decideRedemption = async (data: DataContext, decision: Decision) => {
  const { redemptionId: id, status, note, adminId, now } = decision;
  const found = await data.findInPlayers((d1) => readRedemptionRow(d1, id));
  if (!found) throw new AppError("not_found", "Redemption not found");
  const { db: d1, found: current } = found;
  data.assertPlayerWritable(current.userId, PLAYER_MOVING_MESSAGE);
  if (current.status !== "pending") throw alreadyDecided(current.status);
  if (status === "fulfilled" && current.holdCause) throw onHold(current.holdCause);
  if (status === "fulfilled") {
    const blocked = await fulfilBlock(data, adminId, current.userId, now);
    if (blocked) throw new AppError("forbidden", blocked);
  }

  const decisionId = newId();
  const told = await withRewardName(data, { ...toRedemption(current), note });
  const email = await (status === "fulfilled" ? redemptionFulfilledEmail : redemptionRejectedEmail)(
    decision.appUrl,
    told,
  );
  const refund =
    status === "rejected"
      ? grant(d1, {
          userId: current.userId,
          amount: current.creditsSpent,
          transactionType: "refund",
          source: "winnings",
          idempotencyKey: `redemption-refund:${id}`,
          description: "Refund: redemption not approved",
          now,
        }).statements
      : [];

  try {
    const statements = {
      decide: d1
        .prepare(
          `UPDATE gift_card_redemptions SET status = ?1, note = ?2, decided_by = ?3, decided_at = ?4, decision_id = ?5, updated_at = ?4
           WHERE id = ?6 AND status = 'pending' AND (?1 = 'rejected' OR hold_cause IS NULL)`,
        )
        .bind(status, note, adminId, now, decisionId, id),
      decidedGuard: assertInBatch(
        d1,
        "EXISTS (SELECT 1 FROM gift_card_redemptions WHERE id = ? AND decision_id = ?)",
        id,
        decisionId,
      ),
      refund,
      notice: queueNotice(
        d1,
        current.userId,
        `redemption:${id}`,
        { kind: "redemption", redemptionId: id, status, credits: current.creditsSpent },
        now,
      ),
      email: queueEmail(d1, current.userId, email, now),
      decided: selectRedemption(d1, id),
    };
    const { decided } = await auditedPlayerBatch(data, d1, statements, {
      adminId,
      action: status === "fulfilled" ? "redemption_fulfilled" : "redemption_rejected",
      entity: "redemption",
      entityId: id,
      before: { status: current.status },
      after: { status, note },
      reason: note,
      subjectUserId: current.userId,
      now,
    });
    data.metrics.write({ event: "redemption", kind: current.kind, step: status, credits: current.creditsSpent });
    return { redemption: await withRewardName(data, toRedemption(decided[0]!)), userId: current.userId };
  } catch (error) {
    if (!isBatchRefusal(error)) throw error;
    const latest = await readRedemptionRow(d1, id);
    if (latest?.status === "pending" && latest.holdCause) throw onHold(latest.holdCause);
    throw alreadyDecided(latest?.status ?? "decided");
  }
};
