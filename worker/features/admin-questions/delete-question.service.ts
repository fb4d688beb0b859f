import { and, eq, inArray, ne } from "drizzle-orm";
import { SETTLEMENT_CHUNK_SIZE } from "../../config";
import { assertInBatch, isBatchRefusal } from "../../db/batch-guard";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import type { DataContext } from "../../db/data-context";
import type { SqlColumns } from "../../db/rows";
import {
  activityFeed,
  questions,
  scoreFeedAlerts,
  scoreFeedChallenges,
  scoreFeedLinks,
  userBookmarks,
  type userPicks,
} from "../../db/schema";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/log";
import { auditStatement } from "../admin-audit/admin-audit";
import { grant } from "../credits/ledger.service";
import { awardFundedSql, pickReturnSources } from "../credits/pick-funding";
import { pickContributions } from "../leaderboard/aggregates";
import { queueNotice } from "../notifications/push-deliveries";
import { copyQuestions } from "../questions/question-copies";
import { readStoredQuestion } from "./admin-question-row";

type PickToRemove = SqlColumns<typeof userPicks, "id" | "user_id" | "credits_spent" | "status"> & {
  award_funded: number;
};

/** Rows deleted per statement for the tables that need no per-row work. */
const SWEEP_LIMIT = 500;
/** New picks can land while a published question is being deleted; each round removes them too. */
const MAX_ROUNDS = 5;

const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");

const readPicks = (d1: D1Database, questionId: string) =>
  d1
    .prepare(
      `SELECT p.id, p.user_id, p.credits_spent, p.status, ${awardFundedSql("p")} AS award_funded
       FROM user_picks p WHERE p.question_id = ? ORDER BY p.id LIMIT ?`,
    )
    .bind(questionId, SETTLEMENT_CHUNK_SIZE)
    .all<PickToRemove>();

/** A player's refund for the removed question's pick (one pick per player and question). */
export type QuestionRefund = { userId: string; credits: number; questionTitle: string };

/** Told of the refunds a committed chunk made, so the players' open screens can be updated and told why. */
export type OnRefunded = (refunds: QuestionRefund[]) => void;

type Removed = { id: string; title: string };

/**
 * One batch per chunk: refund the chunk's active picks (key `delete-refund:<pickId>`), each with the question's title
 * in the ledger and a push notice saying why, and delete the chunk. The guard aborts it if settlement changed any
 * pick's status since we read it, so a pick is never both paid and refunded. Returns the refunds once the batch has
 * committed.
 */
const removePickChunk = async (d1: D1Database, question: Removed, picks: PickToRemove[], now: number) => {
  const questionId = question.id;
  const active = picks.filter((pick) => pick.status === "active").map((pick) => pick.id);
  const settled = picks.filter((pick) => pick.status !== "active").map((pick) => pick.id);
  const refunded = picks.filter((pick) => pick.status === "active" && pick.credits_spent > 0);
  const refunds = refunded.flatMap(
    (pick) =>
      grant(d1, {
        userId: pick.user_id,
        amount: pick.credits_spent,
        transactionType: "refund",
        source: pickReturnSources(pick.award_funded).refund,
        idempotencyKey: `delete-refund:${pick.id}`,
        questionId,
        pickId: pick.id,
        description: `Refund: ${question.title} was removed`,
        now,
      }).statements,
  );
  const notices = refunded.map((pick) =>
    queueNotice(
      d1,
      pick.user_id,
      `pick:${pick.id}:removed`,
      {
        kind: "pick",
        pickId: pick.id,
        questionTitle: question.title,
        status: "removed",
        payout: 0,
        spent: pick.credits_spent,
      },
      now,
    ),
  );
  const ids = picks.map((pick) => pick.id);
  await d1.batch([
    assertInBatch(
      d1,
      `NOT EXISTS (SELECT 1 FROM user_picks WHERE id IN (${placeholders(active.length)}) AND status <> 'active')
       AND NOT EXISTS (SELECT 1 FROM user_picks WHERE id IN (${placeholders(settled.length)}) AND status = 'active')`,
      ...active,
      ...settled,
    ),
    ...refunds,
    ...notices,
    ...pickContributions(d1, ids, -1),
    d1.prepare(`DELETE FROM user_picks WHERE id IN (${placeholders(ids.length)})`).bind(...ids),
  ]);
  return refunded.map((pick) => ({ userId: pick.user_id, credits: pick.credits_spent, questionTitle: question.title }));
};

/** Deletes a question's rows of a table that needs no per-row work, SWEEP_LIMIT to a statement. */
const sweep = async (d1: D1Database, table: typeof userBookmarks | typeof activityFeed, questionId: string) => {
  const db = createDb(d1);
  const key = table === userBookmarks ? userBookmarks.userId : activityFeed.id;
  for (;;) {
    const some = db.select({ key }).from(table).where(eq(table.questionId, questionId)).limit(SWEEP_LIMIT);
    const result = await db.delete(table).where(and(eq(table.questionId, questionId), inArray(key, some)));
    if (result.meta.changes < SWEEP_LIMIT) return;
  }
};

const removeAllPicks = async (d1: D1Database, question: Removed, onRefunded: OnRefunded) => {
  for (;;) {
    const { results } = await readPicks(d1, question.id);
    if (results.length === 0) return;
    try {
      const refunded = await removePickChunk(d1, question, results, Date.now());
      if (refunded.length > 0) onRefunded(refunded);
    } catch (error) {
      // Settlement moved a pick under us: read the chunk again.
      if (!isBatchRefusal(error)) throw error;
    }
  }
};

const deleteBatch = async (d1: D1Database, questionId: string, last: D1PreparedStatement[]) => {
  const db = createDb(d1);
  await d1.batch([
    assertInBatch(d1, "NOT EXISTS (SELECT 1 FROM user_picks WHERE question_id = ?)", questionId),
    writeStatement(d1, db.delete(userBookmarks).where(eq(userBookmarks.questionId, questionId))),
    writeStatement(d1, db.delete(activityFeed).where(eq(activityFeed.questionId, questionId))),
    ...last,
    writeStatement(d1, db.delete(questions).where(eq(questions.id, questionId))),
  ]);
};

/**
 * One database's players: refunds and removes their picks, then their bookmarks and activity and the question row
 * (the catalogue's, or a player database's copy), with `last` in the same batch. A pick that lands meanwhile makes
 * another round.
 */
const clearPlayers = async (d1: D1Database, question: Removed, onRefunded: OnRefunded, last: D1PreparedStatement[]) => {
  const questionId = question.id;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    await removeAllPicks(d1, question, onRefunded);
    await sweep(d1, userBookmarks, questionId);
    await sweep(d1, activityFeed, questionId);
    try {
      await deleteBatch(d1, questionId, last);
      return;
    } catch (error) {
      if (!isBatchRefusal(error)) throw error;
    }
  }
  throw new Error(`Question ${questionId} kept receiving picks during deletion`);
};

/** The score feed's link, challenges and alerts go with the question (one row per challenger at most), and the audit. */
const catalogueRows = (d1: D1Database, questionId: string, adminId: string, before: unknown) => {
  const db = createDb(d1);
  return [
    writeStatement(d1, db.delete(scoreFeedChallenges).where(eq(scoreFeedChallenges.questionId, questionId))),
    writeStatement(d1, db.delete(scoreFeedAlerts).where(eq(scoreFeedAlerts.questionId, questionId))),
    writeStatement(d1, db.delete(scoreFeedLinks).where(eq(scoreFeedLinks.questionId, questionId))),
    auditStatement(d1, {
      adminId,
      action: "delete",
      entity: "question",
      entityId: questionId,
      before,
      after: null,
      now: Date.now(),
    }),
  ];
};

/**
 * Refunds every unsettled pick, then removes the question's picks, bookmarks and activity and the question itself.
 * Every step is bounded and safe to repeat, so a retry after a failure finishes the job; settled ledger rows stay.
 * `onRefunded` hears of each committed chunk's refunds, also when a later step fails: those refunds stand. Their
 * players are told why in the ledger's description and a push notice, both written in the refund's batch.
 * Each player database's players are cleared at once. Where the players live in the catalogue its own rows go in the
 * batch that removes the question; otherwise the question is first taken back to draft everywhere, so no database
 * takes a new pick while the others are cleared, and the catalogue's row goes last.
 */
export const deleteQuestion = async (
  data: DataContext,
  questionId: string,
  adminId: string,
  onRefunded: OnRefunded = () => undefined,
) => {
  const before = await readStoredQuestion(data.catalogue, questionId);
  if (!before) throw new AppError("not_found", "Question not found");
  // Its refunds reach every database's players, the moving ones too, whose rows in the source are being copied.
  data.assertNoMove();
  const last = catalogueRows(data.catalogue, questionId, adminId, before);
  const playersApart = !data.playersInCatalogue;
  try {
    if (playersApart) {
      await createDb(data.catalogue)
        .update(questions)
        .set({ status: "draft" })
        .where(and(eq(questions.id, questionId), ne(questions.status, "resolved")));
      await copyQuestions(data, [questionId]);
    }
    await Promise.all(
      data
        .players()
        .map(({ db }) =>
          clearPlayers(db, { id: questionId, title: before.title }, onRefunded, playersApart ? [] : last),
        ),
    );
    if (playersApart) await deleteBatch(data.catalogue, questionId, last);
  } catch (error) {
    log("error", "question_delete_failed", { questionId, error: String(error) });
    throw new AppError("internal", "Failed to delete question completely");
  }
};
