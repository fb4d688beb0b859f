import { and, asc, inArray, lt, ne, sql } from "drizzle-orm";
import { SETTLEMENT_QUESTIONS_PER_RUN } from "../../config";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { questions } from "../../db/schema";
import { sumFields } from "../../lib/sum-fields";
import { copyQuestions } from "../questions/question-copies";
import { enqueueSettlement } from "./settlement-messages";
import { settleQuestion, settleQueued, type SettleResult, type SettlementBudget } from "./settlement.service";

/**
 * The catalogue's settled_version says when every player of a question has been settled. Where the players live in
 * the catalogue, settlement moves it directly; otherwise it moves once every player database's copy has caught up with
 * the catalogue's version (a copy that is behind has not even started on it).
 */
export const closeCatalogueVersions = async (data: DataContext, questionIds: readonly string[]) => {
  if (data.playersInCatalogue || questionIds.length === 0) return;
  const perDatabase = await Promise.all(
    data.players().map(({ db }) =>
      createDb(db)
        .select({ id: questions.id, settledVersion: questions.settledVersion })
        .from(questions)
        .where(inArray(questions.id, sql`(SELECT value FROM json_each(${JSON.stringify(questionIds)}))`)),
    ),
  );
  const settledEverywhere = questionIds.map((id) => ({
    id,
    version: Math.min(...perDatabase.map((rows) => rows.find((row) => row.id === id)?.settledVersion ?? 0)),
  }));
  await createDb(data.catalogue)
    .update(questions)
    .set({ settledVersion: sql`${questions.settlementVersion}` })
    .where(
      and(
        lt(questions.settledVersion, questions.settlementVersion),
        inArray(
          questions.id,
          sql`(SELECT value ->> 'id' FROM json_each(${JSON.stringify(settledEverywhere)}) WHERE ${questions.settlementVersion} <= value ->> 'version')`,
        ),
      ),
    );
};

/** One database's pass over a question, for the settlement dashboards (docs/operations.md). */
const countSettlement = (data: DataContext, questionId: string, result: SettleResult, startedAt: number) => {
  if (result.picksUpdated === 0) return;
  data.metrics.write({
    event: "settlement",
    questionId,
    picks: result.picksUpdated,
    paidCredits: result.creditsAwarded,
    durationMs: Date.now() - startedAt,
  });
};

/**
 * Settles a question in every player database at once within one budget. A database the budget leaves unfinished, or
 * one whose players are being moved, gets a message on the settlement queue, whose consumer carries on there; a
 * question done everywhere closes its catalogue version.
 */
export const settleEverywhere = async (
  data: DataContext,
  questionId: string,
  budget: SettlementBudget,
): Promise<SettleResult> => {
  // A database whose players are being copied settles from its queue message after the switch: a payout written in
  // the source after the copy would be lost at the delete (and would fail the move's verify).
  const startedAt = Date.now();
  const moving = data.players().filter((database) => database.moving);
  const settling = data.players().filter((database) => !database.moving);
  const results = await Promise.all(settling.map(({ db }) => settleQuestion(db, questionId, budget)));
  results.forEach((result) => countSettlement(data, questionId, result, startedAt));
  const unfinished = [...settling.filter((_, i) => !results[i]!.complete), ...moving];
  if (unfinished.length > 0) await enqueueSettlement(data, questionId, unfinished);
  else await closeCatalogueVersions(data, [questionId]);
  return {
    ...sumFields({ picksUpdated: 0, creditsAwarded: 0 }, results),
    complete: unfinished.length === 0,
    settledUsers: results.flatMap((result) => result.settledUsers),
  };
};

/** One player database's part of a question, as its queue message asks; the catalogue closes when this was the last. */
export const settleInDatabase = async (
  data: DataContext,
  db: D1Database,
  questionId: string,
  budget: SettlementBudget,
) => {
  const startedAt = Date.now();
  const result = await settleQuestion(db, questionId, budget);
  countSettlement(data, questionId, result, startedAt);
  if (result.complete) await closeCatalogueVersions(data, [questionId]);
  return result;
};

type QueuedSummary = Awaited<ReturnType<typeof settleQueued>>;

/** Questions whose catalogue version is still open, oldest change first. */
const openCatalogueVersions = async (catalogue: D1Database) => {
  const open = await createDb(catalogue)
    .select({ id: questions.id })
    .from(questions)
    .where(ne(questions.settledVersion, questions.settlementVersion))
    .orderBy(asc(questions.updatedAt), asc(questions.id))
    .limit(SETTLEMENT_QUESTIONS_PER_RUN);
  return open.map(({ id }) => id);
};

/**
 * The cron's safety net under the queue: questions whose catalogue version is still open are copied to the player
 * databases again (a copy that failed after the outcome was stored), every database settles what it still owes, and
 * the catalogue versions that are now settled everywhere close.
 */
export const settleQueuedEverywhere = async (
  data: DataContext,
  budget: SettlementBudget,
  onSettled: (questionId: string, userIds: string[]) => Promise<void>,
): Promise<QueuedSummary> => {
  // Where the players live in the catalogue there is no copy to repair and no version to close: no read for them.
  const openIds = data.playersInCatalogue ? [] : await openCatalogueVersions(data.catalogue);
  await copyQuestions(data, openIds);
  const parts: QueuedSummary[] = [];
  // One database after another: they share the run's budget, which each spends chunk by chunk.
  for (const { db } of data.players()) parts.push(await settleQueued(db, budget, onSettled));
  await closeCatalogueVersions(data, openIds);
  return sumFields({ queued: 0, completed: 0, failed: 0, picksUpdated: 0, creditsAwarded: 0 }, parts);
};
