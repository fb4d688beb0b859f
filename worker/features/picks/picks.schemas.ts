import { z } from "@hono/zod-openapi";
import { creditsSchema } from "../credits/credits.schemas";
import { autoResolutionSchema } from "../questions/auto-resolution.schemas";

const MULTIPLIER_MESSAGE = "Multiplier must be between 1 and 5";

export const submitPickSchema = z
  .object({
    questionId: z.string({ error: "Question is required" }).min(1, "Question is required").max(100),
    choice: z.enum(["yes", "no"], { error: "Please choose an answer" }),
    multiplier: z
      .number({ error: MULTIPLIER_MESSAGE })
      .int(MULTIPLIER_MESSAGE)
      .min(1, MULTIPLIER_MESSAGE)
      .max(5, MULTIPLIER_MESSAGE)
      .default(1),
  })
  .openapi("SubmitPick");

export const pickSchema = z
  .object({
    id: z.string(),
    questionId: z.string(),
    choice: z.enum(["yes", "no"]),
    creditsSpent: z.number().int(),
    multiplier: z.number().int(),
    pickType: z.string(),
    potentialPayout: z.number().int(),
    actualPayout: z.number().int(),
    status: z.enum(["active", "won", "lost", "void"]),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  })
  .openapi("Pick");

export const pickWithQuestionSchema = pickSchema
  .extend({
    question: z.object({
      id: z.string(),
      title: z.string(),
      deadline: z.number().int(),
      imageUrl: z.string().nullable(),
      sportCategory: z.string().nullable(),
      customCategory: z.string().nullable(),
      answerOptionA: z.string(),
      answerOptionB: z.string(),
      outcome: z.enum(["unresolved", "A", "B", "over", "under", "void"]),
      updatedAt: z.number().int(),
      crowd: z
        .object({ yes: z.number().int(), no: z.number().int() })
        .openapi({ description: "Picks on each option (the player has picked)" }),
      autoResolution: autoResolutionSchema,
    }),
    crowd: z.enum(["with", "against"]).nullable().openapi({
      description: "For a settled pick: whether most players picked the same option (null while open, or on a tie)",
    }),
  })
  .openapi("PickWithQuestion");

export const submitPickResponseSchema = z
  .object({ pick: pickSchema, credits: creditsSchema })
  .openapi("SubmitPickResult");

export const pickStatsSchema = z
  .object({
    totalPicks: z.number().int(),
    totalSpent: z.number().int(),
    totalEarned: z.number().int(),
    netProfit: z.number().int(),
    winRate: z
      .number()
      .nullable()
      .openapi({ description: "Won / (won + lost) x 100, one decimal; null before any is" }),
    activePicks: z.number().int(),
  })
  .openapi("PickStats");

export const streakSchema = z
  .object({ currentStreak: z.number().int(), maxStreak: z.number().int() })
  .openapi("Streak");

export type Pick = z.infer<typeof pickSchema>;
