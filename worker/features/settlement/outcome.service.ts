import { OUTCOMES_BY_TYPE } from "#shared/sports";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { actorColumns, type AuditActor } from "../admin-audit/admin-audit";
import type { Outcome } from "./settle-pick";
import { mirrorQuestions } from "../questions/question-mirror";
import { settlementBudget } from "./settlement.service";
import { settleAcrossShards } from "./shard-settlement";
import type { SqlColumns } from "../../db/rows";
import type { questions } from "../../db/schema";

type QuestionOutcomeState = SqlColumns<typeof questions, "question_type" | "outcome" | "status" | "settlement_version">;

type SetOutcomeInput = { questionId: string; outcome: Outcome; actor: AuditActor; now: number; reason?: string | undefined };

const snapshot = (row: QuestionOutcomeState) => ({
  outcome: row.outcome,
  status: row.status,
  settlementVersion: row.settlement_version,
});

/**
 * Stores the outcome and queues settlement by raising the settlement version, in one statement that only changes
 * something when the outcome really changes: five identical calls at once raise the version once.
 * A resolved question goes back to published when its outcome is undone.
 */
const storeOutcome = async (d1: D1Database, { questionId, outcome, actor, now, reason }: SetOutcomeInput) => {
  const before = await d1
    .prepare("SELECT question_type, outcome, status, settlement_version FROM questions WHERE id = ?")
    .bind(questionId)
    .first<QuestionOutcomeState>();
  if (!before) throw new AppError("not_found", "Question not found");
  if (!(OUTCOMES_BY_TYPE[before.question_type] as readonly string[]).includes(outcome)) {
    throw new AppError("validation_failed", "This outcome does not fit the question type", { field: "outcome" });
  }
  // Changing a result players were already paid on must say why: the audit log and the players' streak history show it.
  if (before.outcome !== "unresolved" && before.outcome !== outcome && !reason) {
    throw new AppError("validation_failed", "Please give a reason for changing the outcome", { field: "reason" });
  }
  const who = actorColumns(actor);
  await d1.batch([
    d1
      .prepare(
        `UPDATE questions SET outcome = ?1, settlement_version = settlement_version + 1, updated_at = ?2,
           status = CASE WHEN ?1 <> 'unresolved' THEN 'resolved' WHEN status = 'resolved' THEN 'published' ELSE status END,
           outcome_changed_from = NULLIF(outcome, 'unresolved'), outcome_reason = ?4
         WHERE id = ?3 AND outcome <> ?1`,
      )
      .bind(outcome, now, questionId, reason || null),
    // The audit's "after" is read inside the batch, so it is what this change (or a concurrent one) left.
    d1
      .prepare(
        `INSERT INTO admin_audit_log (id, admin_id, actor, action, entity, entity_id, before, after, created_at, reason)
         SELECT ?, ?, ?, 'outcome', 'question', id, ?,
           json_object('outcome', outcome, 'status', status, 'settlementVersion', settlement_version), ?, ?
         FROM questions WHERE id = ?`,
      )
      .bind(newId(), who.adminId, who.actor, JSON.stringify(snapshot(before)), now, reason || null, questionId),
  ]);
};

/**
 * Sets a question's outcome in the catalogue, copies it to every user shard and settles it on all of them at once;
 * what the run budget leaves, each unfinished shard's queue message finishes (and the cron, if a message is lost). The
 * one path for every outcome: an admin's, a reviewed challenge's and the score feed's.
 */
export const setOutcome = async (env: Env, input: SetOutcomeInput) => {
  await storeOutcome(env.DB, input);
  try {
    await mirrorQuestions(env, [input.questionId]);
    return await settleAcrossShards(env, input.questionId, settlementBudget());
  } catch (error) {
    log("error", "settlement_failed", { questionId: input.questionId, error: String(error) });
    throw new AppError("internal", "Outcome saved but failed to recalculate credits. Please contact support.");
  }
};
