import { createRoute } from "@hono/zod-openapi";
import { and, eq, isNull } from "drizzle-orm";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { users } from "../../db/schema";
import { afterResponse } from "../../lib/after-response";
import { AppError } from "../../lib/errors";
import { errorResponses, jsonBody, jsonContent, publicRoute } from "../../lib/openapi";
import { rateLimitByIp } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { closeUserSockets } from "../../realtime/live-shards";
import { clearSessionCookies } from "./auth-cookies";
import { emailOnlySchema, INVALID_LINK_MESSAGE, okSchema, resetCompleteSchema } from "./auth.schemas";
import { requestAccountLink } from "./account-link-requests";
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
  request: { body: jsonBody(emailOnlySchema) },
  responses: { 200: jsonContent(okSchema), ...errorResponses(400, 415, 429) },
});

const completeRoute = createRoute({
  method: "post",
  path: "/password-reset/complete",
  operationId: "completePasswordReset",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Set a new password with the emailed token; signs out every session",
  middleware: [rateLimitByIp("password-reset-complete", RATE_LIMITS.passwordResetPerIp)] as const,
  request: { body: jsonBody(resetCompleteSchema) },
  responses: { 200: jsonContent(okSchema), ...errorResponses(400, 415, 429) },
});

export const passwordResetRoutes = createRouter()
  .openapi(requestRoute, async (c) => {
    afterResponse(c, "password_reset_request_failed", () => requestAccountLink(c.env, { accountLink: "password_reset", address: c.req.valid("json").email }));
    return c.json({ ok: true as const }, 200);
  })
  .openapi(completeRoute, async (c) => {
    const now = Date.now();
    const catalogue = c.env.DB;
    const body = c.req.valid("json");
    const password = await hashPassword(body.password);
    const userId = await consumeEmailToken(c.env, body.token, "password_reset", now);
    const [account] = userId
      ? await createDb(catalogue)
          .select({ id: users.id, email: users.email, referredBy: users.referredBy, emailConfirmedAt: users.emailConfirmedAt })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      : [];
    if (!userId || !account) throw new AppError("invalid_token", INVALID_LINK_MESSAGE);
    const firstProof = account.emailConfirmedAt === null ? await welcomeBonus(catalogue, c.var.settings, account, now) : null;
    await writeAccount(
      c.env,
      userId,
      () => ({
        // Following the emailed link proves the address, so an unconfirmed account is confirmed too.
        password: catalogue
          .prepare(
            `UPDATE users SET password_hash = ?1, password_salt = ?2, password_iterations = ?3,
               email_confirmed_at = COALESCE(email_confirmed_at, ?4), updated_at = ?4
             WHERE id = ?5 AND deleted_at IS NULL`,
          )
          .bind(password.hash, password.salt, password.iterations, now, userId),
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
