import { createRoute } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors";
import { errorResponses } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { LIVE_USER_HEADER } from "../../realtime/live-hub";
import { hubFor, shardFor } from "../../realtime/live-shards";

const liveRoute = createRoute({
  method: "get",
  path: "/live",
  tags: ["Live"],
  summary: "Upgrades to a WebSocket of live updates (signed in by cookie, or Authorization: Bearer for other clients)",
  responses: { 101: { description: "Switching protocols" }, ...errorResponses(403, 426) },
});

export const liveRoutes = createRouter().openapi(liveRoute, async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new AppError("bad_request", "Expected a WebSocket upgrade");
  }
  // Browsers always send Origin on a WebSocket handshake; a foreign one could ride the player's cookies.
  const origin = c.req.header("Origin");
  const allowed = [new URL(c.req.url).origin, new URL(c.var.settings.APP_URL).origin];
  if (origin && !allowed.includes(origin)) throw new AppError("forbidden", "Permission denied");

  const userId = c.var.user?.id ?? null;
  const headers = new Headers({ Upgrade: "websocket" });
  if (userId) headers.set(LIVE_USER_HEADER, userId);
  return hubFor(c.env, shardFor(userId)).fetch(new Request("https://live.internal/connect", { headers })) as never;
});
