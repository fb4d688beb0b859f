import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { periodSchema } from "../leaderboard/leaderboard.schemas";
import { readUserStats } from "./user-stats.service";

const userStatsSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    country: z.string(),
    countryFlagUrl: z.string(),
    period: periodSchema,
    totalPicks: z.number().int(),
    totalWins: z.number().int(),
    winRate: z
      .number()
      .nullable()
      .openapi({ description: "Won / (won + lost) x 100, one decimal; null before any pick is won or lost" }),
    currentStreak: z.number().int(),
    maxStreak: z.number().int(),
    unranked: z.boolean().openapi({ description: "True when the player has never picked ('Unranked')" }),
    rank: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "All-time position; 999 when not on the board; null when unranked" }),
    totalUsers: z.number().int(),
    joinedDate: z.number().int(),
    recentActivity: z.array(
      z.object({
        pickId: z.string(),
        questionId: z.string(),
        date: z.number().int(),
        result: z.enum(["win", "loss", "void"]),
        choice: z.enum(["yes", "no"]),
        choiceLabel: z.string(),
        text: z.string().openapi({ description: "The question, or 'Pick: {choice}' without one" }),
      }),
    ),
  })
  .openapi("UserStats");

const route = createRoute({
  method: "get",
  path: "/{id}/stats",
  operationId: "getUserStats",
  summary: "A player's public stats for a period",
  description:
    "For anyone looking at a player's profile: their picks, wins, win rate and streaks over the last 3 or 7 days or " +
    "all time, their all-time rank, and their latest settled picks.",
  security: publicRoute,
  tags: ["Community"],
  request: {
    params: z.object({ id: z.string().min(1).max(100) }),
    query: z.object({ period: periodSchema.default("all") }),
  },
  responses: {
    200: jsonContent(userStatsSchema, {
      userId: "5f0c6a53-2d4e-4b8a-9a51-0c3e2f7b9d14",
      username: "BoldFalcon42",
      country: "US",
      countryFlagUrl: "/flags/us.svg",
      period: "all",
      totalPicks: 42,
      totalWins: 20,
      winRate: 57.1,
      currentStreak: 3,
      maxStreak: 7,
      unranked: false,
      rank: 2,
      totalUsers: 1834,
      joinedDate: 1767225600000,
      recentActivity: [
        {
          pickId: "7d3f1b6e-8a2c-4e59-b0d4-6c1e9f2a7b38",
          questionId: "0b8e7c2a-5d41-4f3e-9c6b-2a7d1e0f4b93",
          date: 1767319200000,
          result: "win",
          choice: "yes",
          choiceLabel: "Lakers",
          text: "Will the Lakers beat the Celtics tonight?",
        },
      ],
    }),
    ...errorResponses("validation_failed", "not_found"),
  },
});

export const userStatsRoutes = createRouter().openapi(route, async (c) =>
  c.json(await readUserStats(c.var.data, c.req.valid("param").id, c.req.valid("query").period, Date.now()), 200),
);
