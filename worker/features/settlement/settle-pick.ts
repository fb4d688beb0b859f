import { grant, reverse } from "../credits/ledger.service";
import { pickReturnSources } from "../credits/pick-funding";
import type { LedgerMovement } from "../credits/movement";
import { pickResult } from "../picks/streak";

export type Outcome = "unresolved" | "A" | "B" | "over" | "under" | "void";
export type PickStatus = "active" | "won" | "lost" | "void";

export type SettlingPick = {
  id: string;
  user_id: string;
  choice: "yes" | "no";
  credits_spent: number;
  potential_payout: number;
  status: PickStatus;
  /** 1 when the pick was paid with awarded credits (awardFundedSql). */
  award_funded: number;
};

export type SettleContext = { questionId: string; outcome: Outcome; version: number; now: number };

/** What a pick holds from its last settlement: the payout of a win, the refund of a void (a free pick's is 0). */
const holding = (pick: SettlingPick) => {
  const sources = pickReturnSources(pick.award_funded);
  if (pick.status === "won") return { amount: pick.potential_payout, source: sources.payout };
  if (pick.status === "void" && pick.credits_spent > 0) return { amount: pick.credits_spent, source: sources.refund };
  return null;
};

/** The pick's state under an outcome; a void's actual payout is its refund, so its net is zero. */
export const settledState = (pick: SettlingPick, outcome: Outcome): { status: PickStatus; actualPayout: number } => {
  if (outcome === "unresolved") return { status: "active", actualPayout: 0 };
  const status = pickResult({ choice: pick.choice, outcome });
  const actualPayout = status === "won" ? pick.potential_payout : status === "void" ? pick.credits_spent : 0;
  return { status, actualPayout };
};

const award = (d1: D1Database, pick: SettlingPick, status: PickStatus, { questionId, version, now }: SettleContext) => {
  const common = { userId: pick.user_id, questionId, pickId: pick.id, now };
  const sources = pickReturnSources(pick.award_funded);
  if (status === "won") {
    return grant(d1, {
      ...common,
      amount: pick.potential_payout,
      transactionType: "pick_payout",
      source: sources.payout,
      idempotencyKey: `payout:${pick.id}:${version}`,
      description: "Pick won",
    });
  }
  if (status === "void" && pick.credits_spent > 0) {
    return grant(d1, {
      ...common,
      amount: pick.credits_spent,
      transactionType: "refund",
      source: sources.refund,
      idempotencyKey: `refund:${pick.id}:${version}`,
      description: "Refund: question voided",
    });
  }
  return null;
};

/**
 * The statements that settle one pick at `version`: reverse what earlier versions gave it, give what this outcome
 * gives, record the new state. Every ledger key names the pick and version, so no pick is paid twice per version.
 */
export const settlePick = (d1: D1Database, pick: SettlingPick, context: SettleContext) => {
  const { questionId, version, now } = context;
  const next = settledState(pick, context.outcome);
  const held = holding(pick);
  const movements: LedgerMovement[] = [];
  if (held) {
    movements.push(
      reverse(d1, {
        ...held,
        userId: pick.user_id,
        questionId,
        pickId: pick.id,
        idempotencyKey: `reversal:${pick.id}:${version}`,
        description: "Reversal: outcome changed",
        now,
      }),
    );
  }
  const given = award(d1, pick, next.status, context);
  if (given) movements.push(given);

  const winEntryId = `win:${pick.id}`;
  const activity =
    next.status === "won"
      ? d1
          .prepare(
            `INSERT INTO activity_feed (id, user_id, question_id, kind, choice, credits, created_at)
             VALUES (?, ?, ?, 'win', ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
          )
          .bind(winEntryId, pick.user_id, questionId, pick.choice, pick.potential_payout, now)
      : d1.prepare("DELETE FROM activity_feed WHERE id = ?").bind(winEntryId);

  return {
    awarded: given ? next.actualPayout : 0,
    statements: [
      ...movements.flatMap((movement) => movement.statements),
      d1
        .prepare(
          `UPDATE user_picks SET status = ?, actual_payout = ?, settled_version = ?, updated_at = ?, settled_at = ?
           WHERE id = ? AND settled_version < ?`,
        )
        .bind(next.status, next.actualPayout, version, now, next.status === "active" ? null : now, pick.id, version),
      ...(pick.status === "won" || next.status === "won" ? [activity] : []),
    ],
  };
};
