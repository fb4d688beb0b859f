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
  security: publicRoute,
  tags: ["Community"],
  request: {
    params: z.object({ id: z.string().min(1).max(100) }),
    query: z.object({ period: periodSchema.default("all") }),
  },
  responses: { 200: jsonContent(userStatsSchema), ...errorResponses(400, 404) },
});

export const userStatsRoutes = createRouter().openapi(route, async (c) =>
  c.json(await readUserStats(c.var.data, c.req.valid("param").id, c.req.valid("query").period, Date.now()), 200),
);
