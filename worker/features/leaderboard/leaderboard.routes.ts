import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { leaderboardSchema, offsetCursorSchema, periodSchema } from "./leaderboard.schemas";
import { readLeaderboard } from "./leaderboard.service";

const route = createRoute({
  method: "get",
  path: "/leaderboard",
  tags: ["Community"],
  request: { query: z.object({ period: periodSchema.default("all"), cursor: offsetCursorSchema }) },
  responses: { 200: jsonContent(leaderboardSchema), ...errorResponses(400) },
});

export const leaderboardRoutes = createRouter().openapi(route, async (c) => {
  const { period, cursor } = c.req.valid("query");
  return c.json(await readLeaderboard(c.env.DB, period, Number(cursor ?? 0), c.var.user?.id ?? null), 200);
});
