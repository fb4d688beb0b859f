import { z } from "@hono/zod-openapi";

export const periodSchema = z.enum(["3", "7", "all"], { error: "Period must be 3, 7 or all" });

/** An offset into the board, as the previous page's nextCursor gave it. */
export const offsetCursorSchema = z.string().max(200).optional();

export const leaderboardEntrySchema = z
  .object({
    rank: z.number().int().openapi({ description: "Players with equal results share a rank" }),
    userId: z.string(),
    username: z.string(),
    country: z.string(),
    countryFlagUrl: z.string(),
    score: z.number().int().openapi({ description: "Wins in the period, or points (winnings and prizes) all time" }),
    wins: z.number().int(),
    losses: z.number().int(),
    winRate: z.number(),
    netCredits: z.number().int(),
    points: z.number().int().openapi({ description: "All time only; 0 on period boards" }),
  })
  .openapi("LeaderboardEntry");

export const leaderboardSchema = z
  .object({
    period: periodSchema,
    items: z.array(leaderboardEntrySchema),
    // A union, not .nullable(): the generator writes a nullable reference as allOf [entry, null], which rejects null.
    me: z.union([leaderboardEntrySchema, z.null()]).openapi({
      description: "The signed-in player's own row, wherever it is; null for a visitor or an unranked player",
    }),
    totalUsers: z.number().int(),
    nextCursor: z.string().nullable(),
  })
  .openapi("Leaderboard");
