import { z } from "@hono/zod-openapi";
import { timeZoneOffsetSchema } from "../../lib/time-zone";

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
  tz: timeZoneOffsetSchema
    .default(0)
    .openapi({ description: "Minutes behind UTC, as JavaScript's getTimezoneOffset() gives; the day of `date` is local to it" }),
  cursor: z.string().max(500).optional(),
});

export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const myPickSchema = z.object({
  id: z.string(),
  choice: z.enum(["yes", "no"]),
  multiplier: z.number().int(),
  creditsSpent: z.number().int(),
  potentialPayout: z.number().int(),
  status: z.enum(["active", "won", "lost", "void"]),
});

export const questionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    sportCategory: z.string().nullable(),
    customCategory: z.string().nullable(),
    category: z.string().nullable(),
    creditCost: z.number().int(),
    deadline: z.number().int().openapi({ description: "Unix epoch milliseconds" }),
    imageUrl: z.string().nullable(),
    status: z.enum(["draft", "published", "scheduled", "resolved"]),
    questionType: z.enum(["standard", "over_under", "custom"]),
    answerOptionA: z.string(),
    answerOptionB: z.string(),
    isFreePick: z.boolean(),
    isPlayerProp: z.boolean(),
    tags: z.array(z.string()),
    outcome: z.enum(["unresolved", "A", "B", "over", "under", "void"]),
    pickCount: z.number().int(),
    crowd: z
      .object({ yes: z.number().int(), no: z.number().int() })
      .nullable()
      .openapi({ description: "Picks on each option: only once the viewer has picked or the question no longer takes picks" }),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
    bookmarked: z.boolean(),
    myPick: myPickSchema.nullable(),
  })
  .openapi("Question");

export type Question = z.infer<typeof questionSchema>;

export const feedPageSchema = z
  .object({ items: z.array(questionSchema), nextCursor: z.string().nullable() })
  .openapi("QuestionPage");

export const categoriesSchema = z
  .object({
    categories: z.array(z.object({ name: z.string(), count: z.number().int() })),
    hasPlayerProps: z.boolean(),
  })
  .openapi("Categories");
