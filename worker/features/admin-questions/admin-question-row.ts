import type { SqlColumns } from "../../db/rows";
import type { questions } from "../../db/schema";
import { firstRow, typed } from "../../db/statement";
import { QUESTION_COLUMNS, toQuestion, type QuestionRow } from "../questions/question-row";
import type { AdminQuestion } from "./admin-questions.schemas";
import type { QuestionValues } from "./question-values";

/** The public columns plus what only admins see: schedule, settlement progress and author. */
export const ADMIN_QUESTION_COLUMNS = `${QUESTION_COLUMNS}, q.publish_at, q.settlement_version, q.settled_version, q.created_by,
  (SELECT count(*) FROM user_picks p WHERE p.question_id = q.id AND p.settled_version < q.settlement_version)
    AS pending_settlement`;

export type AdminQuestionRow = QuestionRow &
  QuestionValues &
  SqlColumns<typeof questions, "settlement_version" | "settled_version" | "created_by"> & { pending_settlement: number };

export const toAdminQuestion = (row: AdminQuestionRow): AdminQuestion => {
  const { bookmarked: _bookmarked, myPick: _myPick, ...question } = toQuestion(row);
  return {
    ...question,
    publishAt: row.publish_at,
    settlementVersion: row.settlement_version,
    settledVersion: row.settled_version,
    pendingSettlement: row.pending_settlement,
    createdBy: row.created_by,
  };
};

export const selectAdminQuestion = (d1: D1Database, id: string) =>
  typed<AdminQuestionRow>(d1.prepare(`SELECT ${ADMIN_QUESTION_COLUMNS} FROM questions q WHERE q.id = ?`).bind(id));

export const readAdminQuestion = (d1: D1Database, id: string) => firstRow(selectAdminQuestion(d1, id));
