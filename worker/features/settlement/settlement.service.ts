import {
  SETTLEMENT_BUDGET_MS,
  SETTLEMENT_CHUNK_SIZE,
  SETTLEMENT_MAX_CHUNKS,
  SETTLEMENT_QUESTIONS_PER_RUN,
} from "../../config";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { log } from "../../lib/log";
import { pickContributions } from "../leaderboard/aggregates";
import { queueSettledPicks, queueStreakCorrections } from "../notifications/push-deliveries";
import { raiseMaxStreaks } from "./max-streak";
import { streakEventStatements } from "./streak-events";
import { placeholders } from "./streak-sql";
import { settlePick, type SettlingPick } from "./settle-pick";
import { awardFundedSql } from "../credits/pick-funding";
import type { SqlColumns } from "../../db/rows";
import type { questions } from "../../db/schema";

type QuestionState = SqlColumns<
  typeof questions,
  "outcome" | "settlement_version" | "settled_version" | "outcome_changed_from" | "outcome_reason"
>;
export type SettleTotals = { picksUpdated: number; creditsAwarded: number };
export type SettleResult = SettleTotals & { complete: boolean; settledUsers: string[] };
/** What one run may still spend; shared by every question the run settles. */
export type SettlementBudget = { deadline: number; chunksLeft: number };

export const settlementBudget = (): SettlementBudget => ({
  deadline: Date.now() + SETTLEMENT_BUDGET_MS,
  chunksLeft: SETTLEMENT_MAX_CHUNKS,
});

const canContinue = (budget: SettlementBudget) => budget.chunksLeft > 0 && Date.now() < budget.deadline;

const readQuestion = (d1: D1Database, questionId: string) =>
  d1
    .prepare(
      "SELECT outcome, settlement_version, settled_version, outcome_changed_from, outcome_reason FROM questions WHERE id = ?",
    )
    .bind(questionId)
    .first<QuestionState>();

const readChunk = (d1: D1Database, questionId: string, version: number) =>
  d1
    .prepare(
      `SELECT p.id, p.user_id, p.choice, p.credits_spent, p.potential_payout, p.status, ${awardFundedSql("p")} AS award_funded
       FROM user_picks p WHERE p.question_id = ? AND p.settled_version < ? ORDER BY p.settled_version, p.id LIMIT ?`,
    )
    .bind(questionId, version, SETTLEMENT_CHUNK_SIZE)
    .all<SettlingPick>();

/**
 * One batch settles one chunk. The guard aborts it unless the question is still at this version and outcome and
 * every pick of the chunk is still below it, so a concurrent settler, a newer outcome or a deletion makes us re-read
 * instead of paying twice or paying a pick that is gone.
 */
const settleChunk = async (d1: D1Database, questionId: string, question: QuestionState, picks: SettlingPick[]) => {
  const version = question.settlement_version;
  const context = { questionId, outcome: question.outcome, version, now: Date.now() };
  const plans = picks.map((pick) => settlePick(d1, pick, context));
  const ids = picks.map((pick) => pick.id);
  const streakEvents = streakEventStatements(d1, ids, {
    version,
    outcome: question.outcome,
    fromOutcome: question.outcome_changed_from,
    reason: question.outcome_reason,
    now: context.now,
  });
  await d1.batch([
    assertInBatch(
      d1,
      `EXISTS (SELECT 1 FROM questions WHERE id = ? AND settlement_version = ? AND outcome = ?)
       AND (SELECT count(*) FROM user_picks WHERE id IN (${placeholders(ids.length)}) AND settled_version < ?) = ?`,
      questionId,
      version,
      question.outcome,
      ...ids,
      version,
      ids.length,
    ),
    ...pickContributions(d1, ids, -1),
    streakEvents.record,
    ...plans.flatMap((plan) => plan.statements),
    streakEvents.complete,
    queueSettledPicks(d1, ids, version, context.now),
    queueStreakCorrections(d1, ids, version, context.now),
    ...pickContributions(d1, ids, 1),
    raiseMaxStreaks(d1, [...new Set(picks.map((pick) => pick.user_id))]),
  ]);
  return {
    picksUpdated: picks.length,
    creditsAwarded: plans.reduce((sum, plan) => sum + plan.awarded, 0),
    users: picks.map((pick) => pick.user_id),
  };
};

/** Closes a version once no pick is left below it; a pick that slipped in keeps it open for the next pass. */
const markSettled = (d1: D1Database, questionId: string, version: number) =>
  d1
    .prepare(
      `UPDATE questions SET settled_version = ?2
       WHERE id = ?1 AND settlement_version = ?2 AND settled_version < ?2
         AND NOT EXISTS (SELECT 1 FROM user_picks WHERE question_id = ?1 AND settled_version < ?2)`,
    )
    .bind(questionId, version)
    .run();

/**
 * Settles a question's current settlement version chunk by chunk until done or until the budget is spent, after
 * which no new chunk starts. Safe to run from any number of callers at once, and to stop and resume at any point.
 */
export const settleQuestion = async (
  d1: D1Database,
  questionId: string,
  budget: SettlementBudget,
): Promise<SettleResult> => {
  const totals: SettleTotals = { picksUpdated: 0, creditsAwarded: 0 };
  const settledUsers = new Set<string>();
  while (canContinue(budget)) {
    budget.chunksLeft -= 1;
    const question = await readQuestion(d1, questionId);
    if (!question || question.settled_version >= question.settlement_version) {
      return { ...totals, complete: true, settledUsers: [...settledUsers] };
    }
    const { results } = await readChunk(d1, questionId, question.settlement_version);
    if (results.length === 0) {
      await markSettled(d1, questionId, question.settlement_version);
      continue;
    }
    try {
      const done = await settleChunk(d1, questionId, question, results);
      totals.picksUpdated += done.picksUpdated;
      totals.creditsAwarded += done.creditsAwarded;
      done.users.forEach((user) => settledUsers.add(user));
    } catch (error) {
      if (!isBatchRefusal(error)) throw error;
    }
  }
  return { ...totals, complete: false, settledUsers: [...settledUsers] };
};

/** The cron's pass over queued questions (settled_version behind settlement_version), oldest change first. */
export const settleQueued = async (
  d1: D1Database,
  budget: SettlementBudget,
  onSettled: (questionId: string, userIds: string[]) => Promise<void> = async () => undefined,
) => {
  const { results } = await d1
    .prepare("SELECT id FROM questions WHERE settled_version <> settlement_version ORDER BY updated_at, id LIMIT ?")
    .bind(SETTLEMENT_QUESTIONS_PER_RUN)
    .all<{ id: string }>();
  const summary = { queued: results.length, completed: 0, failed: 0, picksUpdated: 0, creditsAwarded: 0 };
  for (const { id } of results) {
    if (!canContinue(budget)) break;
    try {
      const result = await settleQuestion(d1, id, budget);
      summary.picksUpdated += result.picksUpdated;
      summary.creditsAwarded += result.creditsAwarded;
      if (result.complete) summary.completed += 1;
      if (result.settledUsers.length > 0) await onSettled(id, result.settledUsers);
    } catch (error) {
      // One broken question must not starve the others; it stays queued for the next run.
      summary.failed += 1;
      log("error", "settlement_failed", { questionId: id, error: String(error) });
    }
  }
  return summary;
};
