import { createRoute, z } from "@hono/zod-openapi";
import { decodeOffset } from "../../lib/cursor";
import { errorResponses, jsonContent, optionalSession } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { leaderboardSchema, offsetCursorSchema, periodSchema } from "./leaderboard.schemas";
import { readLeaderboard } from "./leaderboard.service";
import { edgeCache } from "../../lib/edge-cache";

const route = createRoute({
  method: "get",
  path: "/",
  operationId: "getLeaderboard",
  middleware: [edgeCache()] as const,
  summary: "A page of a leaderboard, with the viewer's own row",
  security: optionalSession,
  tags: ["Community"],
  request: { query: z.object({ period: periodSchema.default("all"), cursor: offsetCursorSchema }) },
  responses: { 200: jsonContent(leaderboardSchema), ...errorResponses(400) },
});

export const leaderboardRoutes = createRouter().openapi(route, async (c) => {
  const { period, cursor } = c.req.valid("query");
  const viewerId = c.var.user?.id ?? null;
  // A visitor's board has no "me" row: the same for everybody, so it may be shared for a short while.
  if (!viewerId) c.header("Cache-Control", "public, max-age=30");
  return c.json(await readLeaderboard(c.var.data, period, decodeOffset(cursor), viewerId), 200);
});
