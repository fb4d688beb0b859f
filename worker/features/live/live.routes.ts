import { createRoute } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors";
import { errorResponses, optionalSession } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { clientIp, rateLimited } from "../../lib/rate-limit";
import { LIVE_HEADERS } from "../../realtime/live-hub";
import { hubFor, hubOfSocket } from "../../realtime/live-hubs";

/**
 * An address at its socket cap waits for one of its sockets to close, which nothing here can time: a client tries
 * again after the longest wait of the web app's own reconnect backoff.
 */
const FULL_RETRY_AFTER_MS = 30_000;

const liveRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "openLiveSocket",
  security: optionalSession,
  tags: ["Live"],
  summary: "Upgrades to a WebSocket of live updates (signed in by cookie, or Authorization: Bearer for other clients)",
  description:
    "For an open screen, a visitor's or a signed-in player's: upgrades to a WebSocket whose text frames are JSON " +
    "arrays of `{ type, data }` messages (balances, picks, question changes, activity). Each address may hold a " +
    "limited number of sockets.",
  responses: {
    101: { description: "Switching protocols: the socket is open" },
    ...errorResponses("bad_request", "forbidden", "rate_limited"),
  },
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
  if (response.status === 429) throw rateLimited(FULL_RETRY_AFTER_MS);
  // Hono types a handler's answers by their body (JSON or text) and an upgrade has none, so these are the answers the
  // route's types cannot describe.
  if (response.status !== 101 || !response.webSocket) return response as never;
  // The hub's 101 has immutable headers: its WebSocket goes back in an answer of ours, named like every other answer.
  const upgraded = { status: 101, webSocket: response.webSocket, headers: { "X-Request-Id": c.var.requestId } };
  return new Response(null, upgraded) as never;
});
