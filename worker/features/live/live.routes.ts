import { createRoute } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors";
import { errorResponses, optionalSession } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { clientIp, RATE_LIMITED_MESSAGE } from "../../lib/rate-limit";
import { LIVE_HEADERS } from "../../realtime/live-hub";
import { hubFor, hubOfSocket } from "../../realtime/live-hubs";

const liveRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "openLiveSocket",
  security: optionalSession,
  tags: ["Live"],
  summary: "Upgrades to a WebSocket of live updates (signed in by cookie, or Authorization: Bearer for other clients)",
  responses: { 101: { description: "Switching protocols" }, ...errorResponses(400, 403, 429) },
});

export const liveRoutes = createRouter().openapi(liveRoute, async (c) => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    throw new AppError("bad_request", "Expected a WebSocket upgrade");
  }
  // Browsers always send Origin on a WebSocket handshake; a foreign one could ride the player's cookies.
  const origin = c.req.header("Origin");
  const allowed = [new URL(c.req.url).origin, new URL(c.var.settings.APP_URL).origin];
  if (origin && !allowed.includes(origin)) throw new AppError("forbidden", "Permission denied");

  const user = c.var.user;
  const ip = clientIp(c);
  const hubIndex = hubOfSocket(user?.id ?? null, ip);
  const headers = new Headers({ Upgrade: "websocket", [LIVE_HEADERS.ip]: ip, [LIVE_HEADERS.hub]: String(hubIndex) });
  if (user) {
    headers.set(LIVE_HEADERS.user, user.id);
    headers.set(LIVE_HEADERS.session, user.sessionId);
  }
  const hub = hubFor(c.env, hubIndex);
  const response = await hub.fetch(new Request("https://live.internal/connect", { headers }));
  if (response.status === 429) throw new AppError("rate_limited", RATE_LIMITED_MESSAGE);
  // The hub's own 101 and its WebSocket go back untouched. Hono types a handler's answers by their body (JSON or
  // text) and an upgrade has none, so this is the one answer the route's types cannot describe.
  return response as never;
});
