import { eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { OUTCOMES_BY_TYPE } from "#shared/sports";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { auditStatement } from "../admin-audit/admin-audit";
import { batchNamed } from "../../db/statement";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { questions } from "../../db/schema";
import { readAdminQuestion, readStoredQuestion } from "./admin-question-row";
import type { QuestionInput, QuestionPatch } from "./admin-questions.schemas";
import { changedColumns, toInput, toValues, type QuestionValues } from "./question-values";
import { EDITABLE_COLUMNS } from "../questions/question-columns";

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

type QuestionColumns = Partial<Record<keyof typeof questions.$inferInsert, SQL>>;

/** The values of these columns for the builder, as stored (tags already JSON, flags 0 or 1), so no column encodes them again. */
const asStored = (values: QuestionValues, columns: readonly (keyof QuestionValues)[]) => {
  const stored: QuestionColumns = {};
  for (const [key, column] of Object.entries(getTableColumns(questions))) {
    const name = column.name as keyof QuestionValues;
    if (columns.includes(name)) stored[key as keyof QuestionColumns] = sql`${values[name]}`;
  }
  return stored;
};

export const createQuestion = async (d1: D1Database, input: QuestionInput, { adminId, now }: Actor) => {
  const values = toValues(input);
  const id = newId();
  // Title and deadline have no default, so the builder asks for them by name; as stored they need no encoding anyway.
  const row = {
    ...asStored(values, EDITABLE_COLUMNS),
    title: values.title,
    deadline: values.deadline,
    id,
    createdBy: adminId,
    createdAt: now,
    updatedAt: now,
  };
  await batchNamed(d1, {
    insert: writeStatement(d1, createDb(d1).insert(questions).values(row)),
    audit: auditStatement(d1, {
      adminId,
      action: "create",
      entity: "question",
      entityId: id,
      before: null,
      after: values,
      now,
    }),
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
    update: writeStatement(
      d1,
      createDb(d1)
        .update(questions)
        .set({ ...asStored(values, changed), updatedAt: now })
        .where(eq(questions.id, id)),
    ),
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
