import { createRoute } from "@hono/zod-openapi";
import type { DataContext } from "../../db/data-context";
import { AppError } from "../../lib/errors";
import {
  clearsSessionCookies,
  errorResponses,
  jsonBody,
  jsonContent,
  optionalSession,
  publicRoute,
  setsSessionCookies,
} from "../../lib/openapi";
import { clientIp } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { closeUserSockets } from "../../realtime/live-hubs";
import { loadMe } from "./account-view";
import { exampleLogin, exampleUser } from "./auth.examples";
import { userResponseSchema } from "./account-view.schemas";
import { signAccessToken } from "../session/access-token";
import {
  clearSessionCookies,
  readDeviceCookie,
  readRefreshToken,
  setDeviceCookie,
  setSessionCookies,
} from "../session/session-cookies";
import { loginSchema, okSchema } from "./auth.schemas";
import { checkCredentials } from "./login.service";
import { revokeAllSessions, rotateRefreshToken, userOfRefreshToken } from "./session.service";
import { openSession } from "./sign-in";

const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please log in again.";

const loginRoute = createRoute({
  method: "post",
  path: "/login",
  operationId: "signIn",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Sign in with email and password; sets the session cookies",
  description:
    "For a player with a confirmed account: checks the password and starts a session. A browser keeps the session " +
    "cookies; another client sends the `__Host-access` cookie's token as `Authorization: Bearer`.",
  request: { body: jsonBody(loginSchema, exampleLogin) },
  responses: {
    200: {
      ...jsonContent(userResponseSchema, { user: exampleUser }, "Signed in"),
      headers: setsSessionCookies(", and `__Host-device` (marks a browser that signed in before)"),
    },
    ...errorResponses(
      "validation_failed",
      "invalid_credentials",
      "unauthorized",
      "email_not_confirmed",
      "rate_limited",
    ),
  },
});

const refreshRoute = createRoute({
  method: "post",
  path: "/refresh",
  operationId: "refreshSession",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Trade the refresh cookie for new session cookies (a reused refresh token ends the session)",
  description:
    "For a browser whose access token expired: trades the `__Host-refresh` cookie for new session cookies. A refresh " +
    "token used twice means it was stolen, and the session ends.",
  responses: {
    200: { ...jsonContent(userResponseSchema, { user: exampleUser }, "Refreshed"), headers: setsSessionCookies() },
    401: { ...errorResponses("unauthorized")[401], headers: clearsSessionCookies(false) },
  },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/logout",
  operationId: "signOut",
  security: optionalSession,
  tags: ["Accounts"],
  summary: "Sign out of every session of the user and clear the cookies (always succeeds)",
  description:
    "For a signed-in player, or a browser holding only the refresh cookie: ends every session of the player on every " +
    "device, closes their live sockets and clears this browser's cookies.",
  responses: { 200: { ...jsonContent(okSchema, { ok: true }), headers: clearsSessionCookies() } },
});

const signedInUser = async (data: DataContext, userId: string, now: number) => {
  const me = await loadMe(data.player(userId), userId, now);
  if (!me) throw new AppError("unauthorized", SESSION_EXPIRED_MESSAGE);
  return { user: me.user };
};

export const sessionRoutes = createRouter()
  .openapi(loginRoute, async (c) => {
    const now = Date.now();
    const client = { ip: clientIp(c), deviceCookie: readDeviceCookie(c) };
    const { user, statements, deviceCookie } = await checkCredentials(
      c.var.data.catalogue,
      c.var.settings,
      c.req.valid("json"),
      client,
      now,
    );
    await openSession(c, user, { directory: statements }, now);
    setDeviceCookie(c, deviceCookie);
    return c.json(await signedInUser(c.var.data, user.id, now), 200);
  })
  .openapi(refreshRoute, async (c) => {
    const now = Date.now();
    const token = readRefreshToken(c);
    const rotation = token ? await rotateRefreshToken(c.var.data, token, now) : null;
    if (rotation?.stolen) await closeUserSockets(c.env, rotation.stolen.userId, rotation.stolen.sessionId);
    const rotated = rotation?.session;
    if (!rotated) {
      // Without a cookie there is nothing to clear, and clearing anyway could erase the cookies of a sign-in
      // that finished while this (visitor) refresh was still in flight.
      if (token) clearSessionCookies(c);
      throw new AppError("unauthorized", SESSION_EXPIRED_MESSAGE);
    }
    const accessToken = await signAccessToken(c.var.settings.SESSION_SECRET, rotated);
    setSessionCookies(c, { accessToken, refreshToken: rotated.refreshToken, sessionExpiresAt: rotated.expiresAt }, now);
    return c.json(await signedInUser(c.var.data, rotated.userId, now), 200);
  })
  .openapi(logoutRoute, async (c) => {
    const refreshToken = readRefreshToken(c);
    const userId = c.var.user?.id ?? (refreshToken ? await userOfRefreshToken(c.var.data, refreshToken) : null);
    if (userId) {
      await revokeAllSessions(c.var.data.player(userId), userId, Date.now()).run();
      await closeUserSockets(c.env, userId);
    }
    clearSessionCookies(c);
    return c.json({ ok: true as const }, 200);
  });
