import { z } from "@hono/zod-openapi";
import { timeZoneOffsetSchema } from "../../lib/time-zone";
import { outcomes, questions, userPicks } from "../../db/schema";
import { createSelectSchema } from "../../db/zod";
import { autoResolutionSchema } from "./auto-resolution.schemas";

export const FEED_SORTS = ["popularity", "newest", "ending-soon", "lowest-cost", "highest-cost"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

const flag = z
  .enum(["1", "0", "true", "false"], { error: "Invalid input provided" })
  .transform((value) => value === "1" || value === "true")
  .optional();

export const feedQuerySchema = z.object({
  sort: z.enum(FEED_SORTS, { error: "Invalid sort" }).default("popularity"),
  category: z.string().trim().min(1).max(60).optional(),
  q: z.string().trim().max(100, "Search is too long").optional(),
  bookmarked: flag,
  free: flag,
  props: flag,
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date")
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Invalid date")
    .optional(),
  tz: timeZoneOffsetSchema.default(0).openapi({
    description: "Minutes behind UTC, as JavaScript's getTimezoneOffset() gives; the day of `date` is local to it",
  }),
  cursor: z.string().max(500).optional(),
});

export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const myPickSchema = createSelectSchema(userPicks).pick({
  id: true,
  choice: true,
  multiplier: true,
  creditsSpent: true,
  potentialPayout: true,
  actualPayout: true,
  status: true,
});

/** A question's columns as the table defines them: a column added there reaches every answer below. */
export const questionColumnsSchema = createSelectSchema(questions, {
  tags: z.array(z.string()),
  deadline: (schema) => schema.openapi({ description: "Unix epoch milliseconds" }),
  settlementVersion: (schema) => schema.openapi({ description: "Raised by every outcome change" }),
  settledVersion: (schema) => schema.openapi({ description: "The version whose settlement has finished" }),
});

/** The admin's bookkeeping: the schedule, settlement progress and the author. */
const ADMIN_ONLY = {
  publishAt: true,
  settlementVersion: true,
  settledVersion: true,
  createdBy: true,
  outcomeChangedFrom: true,
  outcomeReason: true,
} as const;
export const ADMIN_ONLY_COLUMNS = Object.keys(ADMIN_ONLY) as (keyof typeof ADMIN_ONLY)[];

/** The counters behind `crowd`, and when the player databases' counters were last summed into them: never shown as columns. */
export const COUNTER_COLUMNS = { yesCount: true, noCount: true, countsFoldedAt: true } as const;

/** Picks on each option, kept as counters and shown only as `crowd`, when the split can no longer steer a pick. */
export const crowdSchema = z.object({ yes: z.number().int(), no: z.number().int() }).nullable().openapi({
  description: "Picks on each option: only once the viewer has picked or the question no longer takes picks",
});

export const questionSchema = questionColumnsSchema
  .omit({ ...ADMIN_ONLY, ...COUNTER_COLUMNS })
  .extend({
    crowd: crowdSchema,
    bookmarked: z.boolean(),
    myPick: myPickSchema.nullable(),
    autoResolution: autoResolutionSchema,
  })
  .openapi("Question");

export type Question = z.infer<typeof questionSchema>;

/** One change of a question's outcome, in the order they were made, with the reason the admin gave. */
export const outcomeChangeSchema = z
  .object({
    previousOutcome: z.enum(outcomes),
    outcome: z.enum(outcomes),
    reason: z.string().nullable(),
    changedAt: z.number().int().openapi({ description: "Unix epoch milliseconds" }),
  })
  .openapi("OutcomeChange");

export type OutcomeChange = z.infer<typeof outcomeChangeSchema>;

/** A question's own page: the question as the feed shows it and every change of its outcome, oldest first. */
export const questionDetailSchema = z
  .object({ question: questionSchema, outcomeHistory: z.array(outcomeChangeSchema) })
  .openapi("QuestionDetail");

export const feedPageSchema = z
  .object({ items: z.array(questionSchema), nextCursor: z.string().nullable() })
  .openapi("QuestionPage");

export const categoriesSchema = z
  .object({
    categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
    hasPlayerProps: z.boolean(),
  })
  .openapi("Categories");
