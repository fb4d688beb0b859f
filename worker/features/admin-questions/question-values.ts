import { PLAYER_PROPS_TAG } from "#shared/sports";
import { AppError } from "../../lib/errors";
import type { SqlColumns } from "../../db/rows";
import type { questions } from "../../db/schema";
import type { QuestionInput } from "./admin-questions.schemas";
import { EDITABLE_COLUMNS } from "../questions/question-columns";

/** A question's editable columns, already normalised; keys are the column names. */
export type QuestionValues = SqlColumns<typeof questions, (typeof EDITABLE_COLUMNS)[number]>;

const YES_NO = ["Yes", "No"] as const;
const OVER_UNDER = ["Over", "Under"] as const;

/** Over/under is always Over/Under; a player prop turns the default Yes/No labels into Over/Under. */
const answerOptions = (input: QuestionInput, playerProp: boolean): readonly [string, string] => {
  if (input.questionType === "over_under") return OVER_UNDER;
  const defaults = playerProp ? OVER_UNDER : YES_NO;
  const a = input.answerOptionA || defaults[0];
  const b = input.answerOptionB || defaults[1];
  return playerProp && a === YES_NO[0] && b === YES_NO[1] ? OVER_UNDER : [a, b];
};

/** The rules that tie fields together (the admin's edit form), applied to a full set of fields. */
export const toValues = (input: QuestionInput): QuestionValues => {
  if (input.status === "scheduled" && input.publishAt === null) {
    throw new AppError("validation_failed", "Publish time is required for scheduled questions", { field: "publishAt" });
  }
  const playerProp = input.tags.includes(PLAYER_PROPS_TAG);
  const [a, b] = answerOptions(input, playerProp);
  return {
    title: input.title,
    sport_category: input.sportCategory,
    custom_category: input.customCategory,
    credit_cost: input.creditCost,
    deadline: input.deadline,
    image_url: input.imageUrl,
    status: input.status,
    publish_at: input.status === "scheduled" ? input.publishAt : null,
    question_type: input.questionType,
    answer_option_a: a,
    answer_option_b: b,
    is_free_pick: input.creditCost === 0 ? 1 : 0,
    is_player_prop: playerProp ? 1 : 0,
    tags: JSON.stringify(input.tags),
  };
};

const parseTags = (raw: string): string[] => {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === "string") : [];
  } catch {
    return [];
  }
};

/** Back from stored columns to the input shape, so an edit can be merged over it and normalised again. */
export const toInput = (row: QuestionValues): QuestionInput => ({
  title: row.title,
  sportCategory: row.sport_category as QuestionInput["sportCategory"],
  customCategory: row.custom_category,
  creditCost: row.credit_cost,
  deadline: row.deadline,
  imageUrl: row.image_url,
  status: row.status,
  publishAt: row.publish_at,
  questionType: row.question_type,
  answerOptionA: row.answer_option_a,
  answerOptionB: row.answer_option_b,
  tags: parseTags(row.tags),
});

/** Only the columns whose value differs (an edit writes the changed fields plus updated_at). */
export const changedColumns = (before: QuestionValues, after: QuestionValues) =>
  EDITABLE_COLUMNS.filter((column) => before[column] !== after[column]);
