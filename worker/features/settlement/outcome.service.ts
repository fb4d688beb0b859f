import { and, eq, ne, sql } from "drizzle-orm";
import { OUTCOMES_BY_TYPE } from "#shared/sports";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import { questions } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { actorColumns, type AuditActor } from "../admin-audit/admin-audit";
import type { Outcome } from "./settle-pick";
import { copyQuestions } from "../questions/question-copies";
import { settlementBudget } from "./settlement.service";
import { settleEverywhere } from "./settle-everywhere";

type SetOutcomeInput = {
  questionId: string;
  outcome: Outcome;
  actor: AuditActor;
  now: number;
  reason?: string | undefined;
};

/**
 * Stores the outcome and queues settlement by raising the settlement version, in one statement that only changes
 * something when the outcome really changes: five identical calls at once raise the version once.
 * A resolved question goes back to published when its outcome is undone.
 */
const storeOutcome = async (d1: D1Database, { questionId, outcome, actor, now, reason }: SetOutcomeInput) => {
  const db = createDb(d1);
  const [before] = await db
    .select({
      questionType: questions.questionType,
      outcome: questions.outcome,
      status: questions.status,
      settlementVersion: questions.settlementVersion,
    })
    .from(questions)
    .where(eq(questions.id, questionId));
  if (!before) throw new AppError("not_found", "Question not found");
  if (!(OUTCOMES_BY_TYPE[before.questionType] as readonly string[]).includes(outcome)) {
    throw new AppError("validation_failed", "This outcome does not fit the question type", { field: "outcome" });
  }
  // Changing a result players were already paid on must say why: the audit log and the players' streak history show it.
  if (before.outcome !== "unresolved" && before.outcome !== outcome && !reason) {
    throw new AppError("validation_failed", "Please give a reason for changing the outcome", { field: "reason" });
  }
  const who = actorColumns(actor);
  const { questionType: _type, ...snapshot } = before;
  await d1.batch([
    writeStatement(
      d1,
      db
        .update(questions)
        .set({
          outcome,
          settlementVersion: sql`${questions.settlementVersion} + 1`,
          updatedAt: now,
          status:
            outcome !== "unresolved"
              ? "resolved"
              : sql`CASE WHEN ${questions.status} = 'resolved' THEN 'published' ELSE ${questions.status} END`,
          outcomeChangedFrom: sql`NULLIF(${questions.outcome}, 'unresolved')`,
          outcomeReason: reason || null,
        })
        .where(and(eq(questions.id, questionId), ne(questions.outcome, outcome))),
    ),
    // The audit's "after" is read inside the batch, so it is what this change (or a concurrent one) left.
    d1
      .prepare(
        `INSERT INTO admin_audit_log (id, admin_id, actor, action, entity, entity_id, before, after, created_at, reason)
         SELECT ?, ?, ?, 'outcome', 'question', id, ?,
           json_object('outcome', outcome, 'status', status, 'settlementVersion', settlement_version), ?, ?
         FROM questions WHERE id = ?`,
      )
      .bind(newId(), who.adminId, who.actor, JSON.stringify(snapshot), now, reason || null, questionId),
  ]);
};

/**
 * Sets a question's outcome in the catalogue, copies it to every player database and settles it in all of them at
 * once; what the run budget leaves, each unfinished database's queue message finishes (and the cron, if a message is
 * lost). The one path for every outcome: an admin's, a reviewed challenge's and the score feed's.
 */
export const setOutcome = async (data: DataContext, input: SetOutcomeInput) => {
  await storeOutcome(data.catalogue, input);
  try {
    await copyQuestions(data, [input.questionId]);
    return await settleEverywhere(data, input.questionId, settlementBudget());
  } catch (error) {
    log("error", "settlement_failed", { questionId: input.questionId, error: String(error) });
    throw new AppError("internal", "Outcome saved but failed to recalculate credits. Please contact support.");
  }
};
