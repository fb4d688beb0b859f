import { createRoute } from "@hono/zod-openapi";
import { and, eq, isNull, sql } from "drizzle-orm";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { users } from "../../db/schema";
import { afterResponse } from "../../lib/after-response";
import { AppError } from "../../lib/errors";
import { clearsSessionCookies, errorResponses, jsonBody, jsonContent, publicRoute } from "../../lib/openapi";
import { rateLimitByIp } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { closeUserSockets } from "../../realtime/live-hubs";
import { clearSessionCookies } from "../session/session-cookies";
import { emailOnlySchema, INVALID_LINK_MESSAGE, okSchema, resetCompleteSchema } from "./auth.schemas";
import { requestAccountLink } from "./account-link-requests";
import { exampleToken, exampleUser } from "./auth.examples";
import { consumeEmailToken, retireAllEmailTokens } from "./email-tokens";
import { hashPassword } from "./password";
import { revokeAllSessions } from "./session.service";
import { welcomeBonus } from "./welcome-bonus";
import { writeAccount } from "./directory";

const requestRoute = createRoute({
  method: "post",
  path: "/password-reset",
  operationId: "requestPasswordReset",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Email a password-reset link (always the same answer)",
  middleware: [rateLimitByIp("password-reset", RATE_LIMITS.passwordResetPerIp)] as const,
  description:
    "For a player who forgot their password: emails a link to set a new one when the address has an account. The " +
    "answer is the same whatever the address.",
  request: { body: jsonBody(emailOnlySchema, { email: exampleUser.email }) },
  responses: { 200: jsonContent(okSchema, { ok: true }), ...errorResponses("validation_failed", "rate_limited") },
});

const completeRoute = createRoute({
  method: "post",
  path: "/password-reset/complete",
  operationId: "completePasswordReset",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Set a new password with the emailed token; signs out every session",
  middleware: [rateLimitByIp("password-reset-complete", RATE_LIMITS.passwordResetPerIp)] as const,
  description:
    "For the player who opened the reset link: sets the new password, confirms the address if it was not, and ends " +
    "every session of the account (this browser's cookies are cleared); the player then signs in.",
  request: { body: jsonBody(resetCompleteSchema, { token: exampleToken, password: "a new long passphrase" }) },
  responses: {
    200: { ...jsonContent(okSchema, { ok: true }), headers: clearsSessionCookies() },
    ...errorResponses("validation_failed", "invalid_token", "rate_limited"),
  },
});

export const passwordResetRoutes = createRouter()
  .openapi(requestRoute, async (c) => {
    afterResponse(c, "password_reset_request_failed", () =>
      requestAccountLink(c.var.data, { accountLink: "password_reset", address: c.req.valid("json").email }),
    );
    return c.json({ ok: true as const }, 200);
  })
  .openapi(completeRoute, async (c) => {
    const now = Date.now();
    const { data } = c.var;
    const { catalogue } = data;
    const body = c.req.valid("json");
    const password = await hashPassword(body.password);
    const userId = await consumeEmailToken(data, body.token, "password_reset", now);
    const [account] = userId
      ? await createDb(catalogue)
          .select({
            id: users.id,
            email: users.email,
            referredBy: users.referredBy,
            emailConfirmedAt: users.emailConfirmedAt,
          })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      : [];
    if (!userId || !account) throw new AppError("invalid_token", INVALID_LINK_MESSAGE);
    const firstProof =
      account.emailConfirmedAt === null ? await welcomeBonus(catalogue, c.var.settings, account, now) : null;
    await writeAccount(
      data,
      userId,
      () => ({
        // Following the emailed link proves the address, so an unconfirmed account is confirmed too.
        password: writeStatement(
          catalogue,
          createDb(catalogue)
            .update(users)
            .set({
              passwordHash: password.hash,
              passwordSalt: password.salt,
              passwordIterations: password.iterations,
              emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})`,
              updatedAt: now,
            })
            .where(and(eq(users.id, userId), isNull(users.deletedAt))),
        ),
        claim: firstProof?.directory ?? [],
      }),
      (d1) => ({
        sessions: revokeAllSessions(d1, userId, now),
        links: retireAllEmailTokens(d1, userId, now),
        bonus: firstProof?.player(d1) ?? [],
      }),
    );
    await closeUserSockets(c.env, userId);
    clearSessionCookies(c);
    return c.json({ ok: true as const }, 200);
  });
