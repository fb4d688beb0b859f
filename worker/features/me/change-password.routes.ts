import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, isNull } from "drizzle-orm";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { writeStatement } from "../../db/compiled";
import { users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { errorResponses, jsonBody, jsonContent, setsSessionCookies, signedIn } from "../../lib/openapi";
import { rateLimitByIp } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { closeUserSockets } from "../../realtime/live-hubs";
import { okSchema, passwordSchema } from "../auth/auth.schemas";
import { requireUser } from "../session/session.middleware";
import { retireAllEmailTokens } from "../auth/email-tokens";
import { passwordMatches } from "../auth/login.service";
import { hashPassword } from "../auth/password";
import { revokeAllSessions } from "../auth/session.service";
import { openSession } from "../auth/sign-in";

export const WRONG_CURRENT_PASSWORD_MESSAGE = "Your current password is incorrect";

const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, WRONG_CURRENT_PASSWORD_MESSAGE).max(1000), newPassword: passwordSchema })
  .openapi("PasswordChange");

const changePasswordRoute = createRoute({
  method: "post",
  path: "/password",
  operationId: "changePassword",
  security: signedIn,
  tags: ["Accounts"],
  summary: "Change the password with the current one; signs out every other session and retires emailed links",
  description:
    "For the signed-in player: sets a new password after checking the current one. Every other session and emailed " +
    "link stops working; this browser gets a new session's cookies.",
  middleware: [requireUser, rateLimitByIp("password-change", RATE_LIMITS.passwordChangePerIp)] as const,
  request: {
    body: jsonBody(changePasswordSchema, {
      currentPassword: "correct horse battery",
      newPassword: "a new long passphrase",
    }),
  },
  responses: {
    200: { ...jsonContent(okSchema, { ok: true }), headers: setsSessionCookies() },
    ...errorResponses("validation_failed", "unauthorized", "rate_limited"),
  },
});

export const changePasswordRoutes = createRouter().openapi(changePasswordRoute, async (c) => {
  const { currentPassword, newPassword } = c.req.valid("json");
  const { catalogue } = c.var.data;
  const user = c.var.user;
  const [stored] = await createDb(catalogue)
    .select({
      passwordHash: users.passwordHash,
      passwordSalt: users.passwordSalt,
      passwordIterations: users.passwordIterations,
    })
    .from(users)
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  if (!(await passwordMatches(stored ?? null, currentPassword)))
    throw new AppError("validation_failed", WRONG_CURRENT_PASSWORD_MESSAGE, { field: "currentPassword" });
  const password = await hashPassword(newPassword);
  const now = Date.now();
  // Whoever else held a session or an emailed link loses it; this browser gets a fresh session in the same batch.
  await openSession(
    c,
    { id: user.id, role: user.role, referred: user.referrerId !== null },
    {
      directory: [
        writeStatement(
          catalogue,
          createDb(catalogue)
            .update(users)
            .set({
              passwordHash: password.hash,
              passwordSalt: password.salt,
              passwordIterations: password.iterations,
              updatedAt: now,
            })
            .where(eq(users.id, user.id)),
        ),
      ],
      player: (d1) => [revokeAllSessions(d1, user.id, now), retireAllEmailTokens(d1, user.id, now)],
    },
    now,
  );
  await closeUserSockets(c.env, user.id);
  return c.json({ ok: true as const }, 200);
});
