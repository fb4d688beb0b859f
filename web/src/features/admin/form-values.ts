import { PLAYER_PROPS_TAG } from "#shared/sports";
import type { AdminQuestion, QuestionFormValues } from "./admin-api";

const pad = (n: number) => String(n).padStart(2, "0");

/** `<input type="datetime-local">` speaks local wall-clock time without a zone. */
export const toLocalInput = (epochMs: number | null) => {
  if (epochMs === null) return "";
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const fromLocalInput = (value: string): number | null => {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
};

export const emptyForm = (): QuestionFormValues => ({
  title: "",
  sportCategory: null,
  customCategory: null,
  creditCost: 1,
  deadline: Date.now() + 24 * 60 * 60 * 1000,
  imageUrl: null,
  status: "draft",
  publishAt: null,
  questionType: "standard",
  answerOptionA: "Yes",
  answerOptionB: "No",
  tags: [],
});

export const formFromQuestion = (q: AdminQuestion): QuestionFormValues => ({
  title: q.title,
  sportCategory: q.sportCategory,
  customCategory: q.customCategory,
  creditCost: q.creditCost,
  deadline: q.deadline,
  imageUrl: q.imageUrl,
  status: q.status as QuestionFormValues["status"],
  publishAt: q.publishAt,
  questionType: q.questionType,
  answerOptionA: q.answerOptionA,
  answerOptionB: q.answerOptionB,
  tags: q.tags,
});

/** The player-props rule: marking a prop turns the default Yes/No labels into Over/Under. */
export const togglePlayerProps = (values: QuestionFormValues, on: boolean): QuestionFormValues => {
  const tags = on
    ? [...new Set([...values.tags, PLAYER_PROPS_TAG])]
    : values.tags.filter((t) => t !== PLAYER_PROPS_TAG);
  const defaults = values.answerOptionA === "Yes" && values.answerOptionB === "No";
  return on && defaults ? { ...values, tags, answerOptionA: "Over", answerOptionB: "Under" } : { ...values, tags };
};

export const parseTags = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** Only what changed, so an edit never overwrites fields another admin touched meanwhile. */
export const changedFields = (before: QuestionFormValues, after: QuestionFormValues): Partial<QuestionFormValues> =>
  Object.fromEntries(
    Object.entries(after).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof QuestionFormValues]),
    ),
  ) as Partial<QuestionFormValues>;

export type FormProblem = { field: "title" | "deadline" | "creditCost"; message: string };

/** The first field the form cannot be saved with, and why; null when it can be sent. */
export const validateForm = (values: QuestionFormValues): FormProblem | null => {
  if (!values.title.trim()) return { field: "title", message: "Title is required" };
  if (!values.deadline) return { field: "deadline", message: "Deadline is required" };
  if (!Number.isInteger(values.creditCost) || values.creditCost < 0)
    return { field: "creditCost", message: "Credit cost must be 0 or more" };
  return null;
};
