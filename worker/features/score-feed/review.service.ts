import { OUTCOMES_BY_TYPE } from "#shared/sports";
import { and, eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { questions, scoreFeedLinks } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { adminActor, auditStatement } from "../admin-audit/admin-audit";
import { setOutcome } from "../settlement/outcome.service";
import type { Outcome } from "../settlement/settle-pick";
import { readLink, releaseClaim } from "./links.service";

type Review = {
  questionId: string;
  outcome: Exclude<Outcome, "unresolved">;
  reason: string;
  adminId: string;
  now: number;
};

const NOT_WAITING = () => new AppError("conflict", "This question is not waiting for a review");

/** Only one admin's decision claims a challenged question; a second answers 409 instead of setting it again. */
const claim = async (d1: D1Database, questionId: string, now: number) => {
  const l = scoreFeedLinks;
  const [claimed] = await createDb(d1)
    .update(l)
    .set({ state: "final", finalizedAt: now, updatedAt: now })
    .where(and(eq(l.questionId, questionId), eq(l.state, "challenged")))
    .returning({ proposedOutcome: l.proposedOutcome });
  return claimed ?? null;
};

/**
 * An admin answers the challenges: confirms the proposed outcome or sets another, with a reason, through setOutcome
 * like any outcome. The audit log keeps the outcome and, beside it, whether the proposal was confirmed or corrected.
 */
export const reviewChallenge = async (data: DataContext, { questionId, outcome, reason, adminId, now }: Review) => {
  const d1 = data.catalogue;
  const [link, [question]] = await Promise.all([
    readLink(d1, questionId),
    createDb(d1).select({ questionType: questions.questionType }).from(questions).where(eq(questions.id, questionId)),
  ]);
  if (!question) throw new AppError("not_found", "Question not found");
  if (link?.state !== "challenged") throw NOT_WAITING();
  if (!(OUTCOMES_BY_TYPE[question.questionType] as readonly string[]).includes(outcome)) {
    throw new AppError("validation_failed", "This outcome does not fit the question type", { field: "outcome" });
  }
  const claimed = await claim(d1, questionId, now);
  if (!claimed) throw NOT_WAITING();
  let result;
  try {
    result = await setOutcome(data, { questionId, outcome, actor: adminActor(adminId), now, reason });
  } catch (error) {
    await releaseClaim(d1, questionId, "challenged");
    throw error;
  }
  const confirmed = claimed.proposedOutcome === outcome;
  await auditStatement(d1, {
    adminId,
    action: confirmed ? "score_feed_confirm" : "score_feed_correct",
    entity: "question",
    entityId: questionId,
    before: { state: "challenged", proposedOutcome: claimed.proposedOutcome },
    after: { state: "final", outcome },
    reason,
    now,
  }).run();
  return result;
};
