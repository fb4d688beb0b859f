import { createRoute, z } from "@hono/zod-openapi";
import { decodeOffset } from "../../lib/cursor";
import { errorResponses, jsonContent, optionalSession } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { leaderboardSchema, offsetCursorSchema, periodSchema } from "./leaderboard.schemas";
import { exampleLeaderboardEntry } from "./leaderboard.examples";
import { readLeaderboard } from "./leaderboard.service";
import { edgeCache } from "../../lib/edge-cache";

const route = createRoute({
  method: "get",
  path: "/",
  operationId: "getLeaderboard",
  middleware: [edgeCache()] as const,
  summary: "A page of a leaderboard, with the viewer's own row",
  description:
    "For anyone: a page of the players ranked by wins over the last 3 or 7 days, or by points all time. With a " +
    "session, `me` is the viewer's own row wherever it is. Pass the answer's `nextCursor` as `cursor` for the next page.",
  security: optionalSession,
  tags: ["Community"],
  request: { query: z.object({ period: periodSchema.default("all"), cursor: offsetCursorSchema }) },
  responses: {
    200: jsonContent(leaderboardSchema, {
      period: "all",
      items: [
        { ...exampleLeaderboardEntry, rank: 1, userId: "9a4d2c7e-1b3f-4e8a-b6c5-0f7e2d9a1c43", username: "RiverHawk7" },
        exampleLeaderboardEntry,
      ],
      me: exampleLeaderboardEntry,
      totalUsers: 1834,
      nextCursor: "WzUwXQ",
    }),
    ...errorResponses("validation_failed", "bad_request"),
  },
});

export const leaderboardRoutes = createRouter().openapi(route, async (c) => {
  const { period, cursor } = c.req.valid("query");
  const viewerId = c.var.user?.id ?? null;
  // A visitor's board has no "me" row: the same for everybody, so it may be shared for a short while.
  if (!viewerId) c.header("Cache-Control", "public, max-age=30");
  return c.json(await readLeaderboard(c.var.data, period, decodeOffset(cursor), viewerId), 200);
});
