import { z } from "@hono/zod-openapi";
import { feedEventStatuses, feedSides, scoreFeedAlerts, scoreFeedChallenges, scoreFeedLinks } from "../../db/schema";
import { createSelectSchema } from "../../db/zod";

const links = createSelectSchema(scoreFeedLinks, {
  startsAt: (schema) => schema.openapi({ description: "Unix epoch milliseconds" }),
  finalAt: (schema) => schema.openapi({ description: "When an unchallenged proposal becomes the outcome (epoch ms)" }),
});

export const feedEventSchema = z
  .object({
    id: z.string(),
    sport: z.string().nullable(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    startsAt: z.number().int().openapi({ description: "Unix epoch milliseconds" }),
    status: z.enum(feedEventStatuses),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
  })
  .openapi("FeedEvent");

export const feedEventsSchema = z
  .object({
    enabled: z.boolean().openapi({ description: "False when no score feed is configured: auto-resolution is off" }),
    events: z.array(feedEventSchema),
  })
  .openapi("FeedEvents");

const LINE_MESSAGE = "Line must be a whole or half number from 0 to 10,000";

export const linkBodySchema = z
  .object({
    eventId: z
      .string({ error: "Please choose an event" })
      .trim()
      .min(1, "Please choose an event")
      .max(100, "Please choose an event"),
    sideA: z.enum(feedSides, { error: "Option A must be the home or the away side" }).nullable().default(null),
    line: z
      .number({ error: LINE_MESSAGE })
      .min(0, LINE_MESSAGE)
      .max(10_000, LINE_MESSAGE)
      .refine((line) => Number.isInteger(line * 2), LINE_MESSAGE)
      .nullable()
      .default(null),
  })
  .openapi("ScoreFeedLinkInput");

export const linkSchema = links
  .pick({
    questionId: true,
    eventId: true,
    sport: true,
    homeTeam: true,
    awayTeam: true,
    startsAt: true,
    sideA: true,
    line: true,
    state: true,
    eventStatus: true,
    homeScore: true,
    awayScore: true,
    proposedOutcome: true,
    proposedAt: true,
    finalAt: true,
    finalizedAt: true,
  })
  .openapi("ScoreFeedLink");

export const linkAnswerSchema = z
  .object({ enabled: z.boolean(), link: linkSchema.nullable() })
  .openapi("ScoreFeedLinkAnswer");

export const questionIdParams = z.object({ questionId: z.string().min(1).max(100) });

const challengeRow = createSelectSchema(scoreFeedChallenges).pick({
  id: true,
  questionId: true,
  reason: true,
  createdAt: true,
});

export const challengeAnswerSchema = z
  .object({ challenge: challengeRow, state: z.enum(["challenged"]) })
  .openapi("ChallengeResult");

export const reviewBodySchema = z
  .object({
    outcome: z.enum(["A", "B", "over", "under", "void"], { error: "Please choose an outcome" }),
    reason: z
      .string({ error: "Please give a reason" })
      .trim()
      .min(3, "Please give a reason")
      .max(500, "Reason must be at most 500 characters"),
  })
  .openapi("ChallengeDecision");

export const queueItemSchema = z
  .object({
    question: z.object({
      id: z.string(),
      title: z.string(),
      questionType: z.enum(["standard", "over_under", "custom"]),
      answerOptionA: z.string(),
      answerOptionB: z.string(),
      outcome: z.enum(["unresolved", "A", "B", "over", "under", "void"]),
    }),
    link: linkSchema,
    challenges: z.array(challengeRow.extend({ username: z.string() })),
  })
  .openapi("ChallengedQuestion");

export const alertSchema = createSelectSchema(scoreFeedAlerts, {
  before: z
    .unknown()
    .openapi({ description: "The feed's data the challenged or final outcome stands on, with that outcome" }),
  after: z.unknown().openapi({ description: "The feed's new data, with the outcome it would give" }),
})
  .pick({ id: true, questionId: true, eventId: true, before: true, after: true, createdAt: true })
  .extend({
    questionTitle: z.string(),
    questionOutcome: z.string(),
    answerOptionA: z.string(),
    answerOptionB: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
  })
  .openapi("ScoreFeedAlert");

export const queueSchema = z
  .object({ items: z.array(queueItemSchema), alerts: z.array(alertSchema) })
  .openapi("ChallengeQueue");
