import { z } from "@hono/zod-openapi";
import { creditsSchema } from "../credits/credits.schemas";

const standingSchema = z.object({
  rank: z.number().int(),
  userId: z.string(),
  username: z.string(),
  country: z.string(),
  countryFlagUrl: z.string(),
  score: z.number().int().openapi({ description: "Winning picks settled inside the window after joining" }),
  prize: z.number().int().openapi({ description: "What this place wins (paid when the contest ends)" }),
});

export const contestSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    durationDays: z.number().int(),
    startsAt: z.number().int(),
    endsAt: z.number().int(),
    status: z.enum(["upcoming", "active", "ended"]),
    paid: z.boolean().openapi({ description: "Every prize has been granted" }),
    entryFee: z.number().int(),
    entrants: z.number().int(),
    prizes: z.object({
      tiers: z.array(
        z.object({
          topPercent: z.number(),
          credits: z.number().int(),
          lastPlace: z
            .number()
            .int()
            .openapi({ description: "The last place this tier reaches with the current entrants" }),
        }),
      ),
      topPlaces: z.number().int(),
      topPlacesPrize: z.number().int(),
    }),
    standings: z.array(standingSchema),
    me: z
      .object({ rank: z.number().int(), score: z.number().int(), joinedAt: z.number().int(), prize: z.number().int() })
      .nullable()
      .openapi({ description: "The signed-in player's entry, or null" }),
  })
  .openapi("Contest");

export const joinResponseSchema = z.object({ contest: contestSchema, credits: creditsSchema }).openapi("ContestJoin");

export const adminContestSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    durationDays: z.number().int(),
    startsAt: z.number().int(),
    endsAt: z.number().int(),
    status: z.enum(["upcoming", "active", "ended"]),
    entrants: z.number().int(),
    closedAt: z.number().int().nullable(),
    paidAt: z.number().int().nullable(),
    prizesPaid: z.number().int().openapi({ description: "Credits granted as prizes so far" }),
    createdAt: z.number().int(),
  })
  .openapi("AdminContest");
