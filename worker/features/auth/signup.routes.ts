import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, isNull } from "drizzle-orm";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { users } from "../../db/schema";
import { playerDb } from "../../db/shards";
import { afterResponse } from "../../lib/after-response";
import { AppError } from "../../lib/errors";
import { sendEmail } from "../../lib/mailer";
import { ipNetwork } from "../../lib/ip-network";
import { errorResponses, jsonBody, jsonContent, publicRoute } from "../../lib/openapi";
import { rateLimitByIp } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { loadMe } from "../me/me.service";
import { userResponseSchema } from "../me/me.schemas";
import { confirmationEmailFor, findAccount, roleFor } from "./accounts";
import { emailOnlySchema, INVALID_LINK_MESSAGE, okSchema, signupSchema, tokenSchema } from "./auth.schemas";
import { consumeEmailToken, retireAllEmailTokens } from "./email-tokens";
import { openSession } from "./sign-in";
import { signUp } from "./signup.service";
import { welcomeBonus } from "./welcome-bonus";

const signupRoute = createRoute({
  method: "post",
  path: "/signup",
  operationId: "signUp",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Create an account; a confirmation link is emailed (the same answer for a registered address)",
  middleware: [rateLimitByIp("signup", RATE_LIMITS.signupPerIp)] as const,
  request: { body: jsonBody(signupSchema) },
  responses: {
    201: jsonContent(z.object({ status: z.literal("confirmation_required") }), "Confirmation email sent"),
    ...errorResponses(400, 409, 415, 429),
  },
});

const confirmRoute = createRoute({
  method: "post",
  path: "/confirm",
  operationId: "confirmEmail",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Confirm an email address with the emailed token; signs the user in",
  request: { body: jsonBody(tokenSchema) },
  responses: { 200: jsonContent(userResponseSchema, "Signed in"), ...errorResponses(400, 415) },
});

const resendRoute = createRoute({
  method: "post",
  path: "/resend-confirmation",
  operationId: "resendConfirmation",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Email a new confirmation link to an unconfirmed account (always the same answer)",
  middleware: [rateLimitByIp("resend-confirmation", RATE_LIMITS.resendConfirmationPerIp)] as const,
  request: { body: jsonBody(emailOnlySchema) },
  responses: { 200: jsonContent(okSchema), ...errorResponses(400, 415, 429) },
});

export const signupRoutes = createRouter()
  .openapi(signupRoute, async (c) => {
    // The edge's client address, the header clientIp reads for the rate limits.
    const signupIp = ipNetwork(c.req.header("CF-Connecting-IP"));
    const email = await signUp({ env: c.env, settings: c.var.settings, now: Date.now(), signupIp }, c.req.valid("json"));
    await sendEmail(c, email);
    return c.json({ status: "confirmation_required" as const }, 201);
  })
  .openapi(confirmRoute, async (c) => {
    const now = Date.now();
    const userId = await consumeEmailToken(c.env, c.req.valid("json").token, "confirm_email", now);
    // A confirmed account has a password of its own: no link may sign in to it without that password.
    const [account] = userId
      ? await createDb(c.env.DB)
          .select({ id: users.id, email: users.email, role: users.role, referredBy: users.referredBy })
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.emailConfirmedAt)))
      : [];
    if (!account) throw new AppError("invalid_token", INVALID_LINK_MESSAGE);
    const role = account.role === "admin" ? "admin" : roleFor(c.var.settings, account.email);
    const catalogue = c.env.DB;
    const bonus = await welcomeBonus(catalogue, c.var.settings, account, now);
    await openSession(c, { id: account.id, role, referred: account.referredBy !== null }, {
      directory: [
        catalogue.prepare("UPDATE users SET email_confirmed_at = ?1, role = ?2, updated_at = ?1 WHERE id = ?3").bind(now, role, account.id),
        ...bonus.directory,
      ],
      player: (d1) => [retireAllEmailTokens(d1, account.id, now), ...bonus.player(d1)],
    });
    const me = await loadMe(playerDb(c.env, account.id), account.id, now);
    if (!me) throw new AppError("invalid_token", INVALID_LINK_MESSAGE);
    return c.json({ user: me.user }, 200);
  })
  .openapi(resendRoute, async (c) => {
    const address = c.req.valid("json").email;
    afterResponse(c, "resend_confirmation_failed", async () => {
      const account = await findAccount(c.env.DB, address);
      const email = account && (await confirmationEmailFor(playerDb(c.env, account.id), c.var.settings, account, Date.now()));
      if (email) await sendEmail(c, email);
    });
    return c.json({ ok: true as const }, 200);
  });
