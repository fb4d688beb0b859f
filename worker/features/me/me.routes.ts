import { createRoute } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { users } from "../../db/schema";
import { uniqueViolation } from "../../db/unique-violation";
import { writeAccount } from "../auth/directory";
import { AppError } from "../../lib/errors";
import { clearsSessionCookies, errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { rateLimitByIp } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { closeUserSockets } from "../../realtime/live-hubs";
import { clearSessionCookies } from "../session/session-cookies";
import { okSchema } from "../auth/auth.schemas";
import { requireUser } from "../session/session.middleware";
import { USERNAME_TAKEN_MESSAGE } from "../auth/username";
import { deleteAccount } from "./delete-account";
import { meResponseSchema, userResponseSchema } from "../auth/account-view.schemas";
import { deleteMeSchema, updateMeSchema } from "./me.schemas";
import { loadMe, meOf, meStatements } from "../auth/account-view";
import { exampleUser } from "../auth/auth.examples";
import { exampleCredits } from "../credits/credits.examples";

const getMeRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getMe",
  summary: "The signed-in player's profile and credits",
  description: "For the signed-in player: their profile and their balance, as the app shows them on every page.",
  security: signedIn,
  tags: ["Accounts"],
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(meResponseSchema, { user: exampleUser, credits: exampleCredits }),
    ...errorResponses("unauthorized"),
  },
});

const updateMeRoute = createRoute({
  method: "patch",
  path: "/",
  operationId: "updateMe",
  security: signedIn,
  tags: ["Accounts"],
  summary: "Change the username and/or the country (a country chosen here is never overridden by detection)",
  description:
    "For the signed-in player editing their profile: a new username (unique whatever its case) and/or country; the " +
    "answer is the updated profile.",
  middleware: [requireUser] as const,
  request: { body: jsonBody(updateMeSchema, { username: "RiverHawk7", country: "CA" }) },
  responses: {
    200: jsonContent(userResponseSchema, {
      user: { ...exampleUser, username: "RiverHawk7", country: "CA", countryFlagUrl: "/flags/ca.svg" },
    }),
    ...errorResponses("validation_failed", "unauthorized", "conflict"),
  },
});

const deleteMeRoute = createRoute({
  method: "delete",
  path: "/",
  operationId: "deleteMe",
  security: signedIn,
  tags: ["Accounts"],
  summary: "Delete the account with its password",
  description:
    "For the signed-in player closing their account: personal data is erased, ledger rows are kept under an " +
    "anonymised user, every session ends and this browser's cookies are cleared. Refused (409, listing them in " +
    "`pendingRedemptions`) while a redemption the player did not agree to cancel in `cancelRedemptions` is pending.",
  middleware: [requireUser, rateLimitByIp("account-delete", RATE_LIMITS.passwordChangePerIp)] as const,
  request: { body: jsonBody(deleteMeSchema, { password: "correct horse battery", cancelRedemptions: [] }) },
  responses: {
    200: { ...jsonContent(okSchema, { ok: true }), headers: clearsSessionCookies() },
    ...errorResponses("validation_failed", "unauthorized", "conflict", "rate_limited"),
  },
});

const loaded = async (d1: D1Database, userId: string) => {
  const me = await loadMe(d1, userId);
  if (!me) throw new AppError("unauthorized", "Please log in to continue");
  return me;
};

export const meRoutes = createRouter()
  .openapi(getMeRoute, async (c) => c.json(await loaded(c.var.data.player(c.var.user.id), c.var.user.id), 200))
  .openapi(updateMeRoute, async (c) => {
    const { username, country } = c.req.valid("json");
    const userId = c.var.user.id;
    const now = Date.now();
    const { data } = c.var;
    const update = writeStatement(
      data.catalogue,
      createDb(data.catalogue)
        .update(users)
        .set({ username, ...(country !== undefined && { country, countryManuallySet: true }), updatedAt: now })
        .where(eq(users.id, userId)),
    );
    // The directory's unique index (without case) refuses a taken name and nothing else is written; where the
    // player's database is the catalogue, the update and the read are one round trip.
    const { player: results } = await writeAccount(
      data,
      userId,
      () => ({ update }),
      (d1) => meStatements(d1, userId, now),
    ).catch((error: unknown) => {
      if (uniqueViolation(error) === "users.username") throw new AppError("conflict", USERNAME_TAKEN_MESSAGE);
      throw error;
    });
    const me = meOf(results.me);
    if (!me) throw new AppError("unauthorized", "Please log in to continue");
    return c.json({ user: me.user }, 200);
  })
  .openapi(deleteMeRoute, async (c) => {
    const { password, cancelRedemptions } = c.req.valid("json");
    await deleteAccount(c.var.data, c.var.settings, {
      userId: c.var.user.id,
      password,
      cancelRedemptions,
      now: Date.now(),
    });
    await closeUserSockets(c.env, c.var.user.id);
    clearSessionCookies(c);
    return c.json({ ok: true as const }, 200);
  });
