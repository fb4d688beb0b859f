import { z } from "@hono/zod-openapi";
import { QUESTION_STATUSES, QUESTION_TYPES, SPORTS } from "#shared/sports";
import { COUNTER_COLUMNS, crowdSchema, questionColumnsSchema } from "../questions/questions.schemas";

const COST_MESSAGE = "Credit cost must be 0 or more";
export const MAX_CREDIT_COST = 100_000;
const MAX_TAGS = 20;

const uniqueTags = (tags: string[]) => [...new Set(tags.filter((tag) => tag.length > 0))];
const blankToNull = (value: string | null) => (value === null || value === "" ? null : value);

/** Every editable field; create fills defaults, an edit sends any subset. Times are Unix epoch milliseconds. */
const fields = {
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(300, "Title must be at most 300 characters"),
  deadline: z.number({ error: "Deadline is required" }).int("Deadline is required").positive("Deadline is required"),
  creditCost: z
    .number({ error: COST_MESSAGE })
    .int(COST_MESSAGE)
    .min(0, COST_MESSAGE)
    .max(MAX_CREDIT_COST, `Credit cost must be at most ${MAX_CREDIT_COST}`),
  sportCategory: z.enum(SPORTS, { error: "Please choose a sport from the list" }).nullable(),
  customCategory: z
    .string({ error: "Invalid custom category" })
    .trim()
    .max(60, "Custom category must be at most 60 characters")
    .nullable()
    .transform(blankToNull),
  imageUrl: z
    .string({ error: "Invalid image URL" })
    .trim()
    .max(500, "Invalid image URL")
    .refine((url) => url === "" || url.startsWith("/api/images/") || url.startsWith("https://"), "Invalid image URL")
    .nullable()
    .transform(blankToNull),
  status: z.enum(QUESTION_STATUSES, { error: "Invalid status" }),
  publishAt: z
    .number({ error: "Invalid publish time" })
    .int("Invalid publish time")
    .positive("Invalid publish time")
    .nullable(),
  questionType: z.enum(QUESTION_TYPES, { error: "Invalid question type" }),
  answerOptionA: z
    .string({ error: "Invalid answer option" })
    .trim()
    .max(100, "Answer options must be at most 100 characters"),
  answerOptionB: z
    .string({ error: "Invalid answer option" })
    .trim()
    .max(100, "Answer options must be at most 100 characters"),
  tags: z
    .array(z.string({ error: "Invalid tag" }).trim().max(40, "Tags must be at most 40 characters"), {
      error: "Invalid tags",
    })
    .max(MAX_TAGS, `At most ${MAX_TAGS} tags`)
    .transform(uniqueTags),
};

export const createQuestionSchema = z
  .object({
    ...fields,
    sportCategory: fields.sportCategory.default(null),
    customCategory: fields.customCategory.default(null),
    imageUrl: fields.imageUrl.default(null),
    status: fields.status.default("draft"),
    publishAt: fields.publishAt.default(null),
    questionType: fields.questionType.default("standard"),
    answerOptionA: fields.answerOptionA.default(""),
    answerOptionB: fields.answerOptionB.default(""),
    tags: fields.tags.default([]),
  })
  .openapi("CreateQuestion");

export const updateQuestionSchema = z.object(fields).partial().openapi("UpdateQuestion");

export type QuestionInput = z.infer<typeof createQuestionSchema>;
export type QuestionPatch = z.infer<typeof updateQuestionSchema>;

export const adminQuestionSchema = questionColumnsSchema
  .omit(COUNTER_COLUMNS)
  .extend({
    crowd: crowdSchema,
    pendingSettlement: z.number().int().openapi({ description: "Picks not yet settled at settlementVersion" }),
  })
  .openapi("AdminQuestion");

export type AdminQuestion = z.infer<typeof adminQuestionSchema>;

export const adminListQuerySchema = z.object({
  status: z.enum(QUESTION_STATUSES, { error: "Invalid status" }).optional(),
  q: z.string().trim().max(100, "Search is too long").optional(),
  cursor: z.string().max(200).optional(),
});

export const questionIdParams = z.object({ id: z.string().min(1).max(100) });
