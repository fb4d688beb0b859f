import { eq, getTableColumns, sql } from "drizzle-orm";
import { createDb, type Db } from "../../db/client";
import { storedColumns } from "../../db/columns";
import { questions, userPicks } from "../../db/schema";
import { crowdOf } from "../questions/question-row";
import type { AdminQuestion } from "./admin-questions.schemas";

/** Every column, plus how many picks settlement has still to reach at the current version. */
export const selectAdminQuestions = (db: Db) =>
  db
    .select({
      ...getTableColumns(questions),
      pendingSettlement: sql<number>`(SELECT count(*) FROM ${userPicks} WHERE ${userPicks.questionId} = ${questions.id}
        AND ${userPicks.settledVersion} < ${questions.settlementVersion})`.as("pending_settlement"),
    })
    .from(questions)
    .$dynamic();

export type AdminQuestionRow = Awaited<ReturnType<typeof selectAdminQuestions>>[number];

export const toAdminQuestion = (row: AdminQuestionRow): AdminQuestion => {
  const { yesCount: _yes, noCount: _no, countsFoldedAt: _folded, ...columns } = row;
  return { ...columns, crowd: crowdOf(row, false) };
};

export const readAdminQuestion = async (db: Db, id: string) => {
  const [row] = await selectAdminQuestions(db).where(eq(questions.id, id));
  return row;
};

/** The question as stored, columns by their database names: what an edit is compared against and the audit keeps. */
export const readStoredQuestion = async (d1: D1Database, id: string) => {
  const [row] = await createDb(d1).select(storedColumns(questions)).from(questions).where(eq(questions.id, id));
  return row;
};
