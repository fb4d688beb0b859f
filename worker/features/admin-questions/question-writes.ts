import { OUTCOMES_BY_TYPE } from "#shared/sports";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { auditStatement } from "../admin-audit/admin-audit";
import { batchNamed } from "../../db/statement";
import { createDb } from "../../db/client";
import { readAdminQuestion, readStoredQuestion } from "./admin-question-row";
import type { QuestionInput, QuestionPatch } from "./admin-questions.schemas";
import { changedColumns, EDITABLE_COLUMNS, toInput, toValues, type QuestionValues } from "./question-values";

type Actor = { adminId: string; now: number };

const NOT_FOUND = () => new AppError("not_found", "Question not found");

/** Read after the write, from the same session, so the answer shows the committed row. */
const readQuestion = async (d1: D1Database, id: string) => {
  const row = await readAdminQuestion(createDb(d1), id);
  if (!row) throw NOT_FOUND();
  return row;
};

const pickColumns = (values: QuestionValues, columns: readonly (keyof QuestionValues)[]) =>
  Object.fromEntries(columns.map((column) => [column, values[column]]));

export const createQuestion = async (d1: D1Database, input: QuestionInput, { adminId, now }: Actor) => {
  const values = toValues(input);
  const id = newId();
  const columns = [...EDITABLE_COLUMNS, "created_by", "created_at", "updated_at"];
  const params = [...EDITABLE_COLUMNS.map((column) => values[column]), adminId, now, now];
  await batchNamed(d1, {
    insert: d1
      .prepare(`INSERT INTO questions (id, ${columns.join(", ")}) VALUES (?, ${columns.map(() => "?").join(", ")})`)
      .bind(id, ...params),
    audit: auditStatement(d1, { adminId, action: "create", entity: "question", entityId: id, before: null, after: values, now }),
  });
  return readQuestion(d1, id);
};

const withoutUndefined = (patch: QuestionPatch) =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<QuestionInput>;

/** Writes only the columns that changed, plus updated_at; an edit that changes nothing writes nothing. */
export const updateQuestion = async (d1: D1Database, id: string, patch: QuestionPatch, { adminId, now }: Actor) => {
  const current = await readStoredQuestion(d1, id);
  if (!current) throw NOT_FOUND();
  const merged = { ...toInput(current), ...withoutUndefined(patch) };
  if (!(OUTCOMES_BY_TYPE[merged.questionType] as readonly string[]).includes(current.outcome)) {
    throw new AppError("rule_violation", "Set the outcome to unresolved before changing the question type");
  }
  const values = toValues(merged);
  const changed = changedColumns(current, values);
  if (changed.length === 0) return readQuestion(d1, id);

  await batchNamed(d1, {
    update: d1
      .prepare(`UPDATE questions SET ${changed.map((column) => `${column} = ?`).join(", ")}, updated_at = ? WHERE id = ?`)
      .bind(...changed.map((column) => values[column]), now, id),
    audit: auditStatement(d1, {
      adminId,
      action: "update",
      entity: "question",
      entityId: id,
      before: pickColumns(current, changed),
      after: pickColumns(values, changed),
      now,
    }),
  });
  return readQuestion(d1, id);
};
