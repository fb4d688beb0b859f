import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, isNull } from "drizzle-orm";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { users } from "../../db/schema";
import { writeStatement } from "../../db/compiled";
import { afterResponse } from "../../lib/after-response";
import { AppError } from "../../lib/errors";
import { sendCommittedEmails } from "../emails/email-sends";
import { ipNetwork } from "../../lib/ip-network";
import { errorResponses, jsonBody, jsonContent, publicRoute, setsSessionCookies } from "../../lib/openapi";
import { rateLimitByIp } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { loadMe } from "./account-view";
import { exampleSignup, exampleToken, exampleUser } from "./auth.examples";
import { userResponseSchema } from "./account-view.schemas";
import { requestAccountLink } from "./account-link-requests";
import { roleFor } from "./accounts";
import { confirmSchema, emailOnlySchema, INVALID_LINK_MESSAGE, okSchema, signupSchema } from "./auth.schemas";
import { consumeEmailToken, emailTokenOwner, retireAllEmailTokens } from "./email-tokens";
import { hashPassword } from "./password";
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
  description:
    "For a visitor who wants to play: creates the account and emails a link that confirms the address. An address " +
    "already registered gets the same answer (and an email saying so), so the answer never tells who has an account.",
  middleware: [rateLimitByIp("signup", RATE_LIMITS.signupPerIp)] as const,
  request: { body: jsonBody(signupSchema, exampleSignup) },
  responses: {
    201: jsonContent(
      z.object({ status: z.literal("confirmation_required") }),
      { status: "confirmation_required" },
      "Confirmation email sent",
    ),
    ...errorResponses("validation_failed", "conflict", "rate_limited"),
  },
});

export const CHOOSE_PASSWORD_MESSAGE =
  "This address was signed up for more than once: choose the password you will sign in with";

const confirmRoute = createRoute({
  method: "post",
  path: "/confirm",
  operationId: "confirmEmail",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Confirm an email address with the emailed token, choosing the password where asked; signs the user in",
  description:
    "For the player who opened the confirmation link: confirms the address and signs in (the session cookies are " +
    "set). An address signed up for more than once needs `password`, the one the player will sign in with.",
  request: { body: jsonBody(confirmSchema, { token: exampleToken }) },
  responses: {
    200: { ...jsonContent(userResponseSchema, { user: exampleUser }, "Signed in"), headers: setsSessionCookies() },
    ...errorResponses("validation_failed", "invalid_token"),
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/resend-confirmation",
  operationId: "resendConfirmation",
  security: publicRoute,
  tags: ["Accounts"],
  summary: "Email a new confirmation link to an unconfirmed account (always the same answer)",
  middleware: [rateLimitByIp("resend-confirmation", RATE_LIMITS.resendConfirmationPerIp)] as const,
  description:
    "For a visitor whose confirmation link expired or got lost: emails a new one when the address has an unconfirmed " +
    "account. The answer is the same whatever the address.",
  request: { body: jsonBody(emailOnlySchema, { email: exampleUser.email }) },
  responses: { 200: jsonContent(okSchema, { ok: true }), ...errorResponses("validation_failed", "rate_limited") },
});

export const signupRoutes = createRouter()
  .openapi(signupRoute, async (c) => {
    // The edge's client address, the header clientIp reads for the rate limits.
    const signupIp = ipNetwork(c.req.header("CF-Connecting-IP"));
    const emailed = await signUp(
      { data: c.var.data, settings: c.var.settings, now: Date.now(), signupIp },
      c.req.valid("json"),
    );
    await sendCommittedEmails(c, [emailed]);
    return c.json({ status: "confirmation_required" as const }, 201);
  })
  .openapi(confirmRoute, async (c) => {
    const now = Date.now();
    const body = c.req.valid("json");
    const { data } = c.var;
    const owner = await emailTokenOwner(data, body.token, "confirm_email", now);
    // A confirmed account has a password of its own: no link may sign in to it without that password.
    const [account] = owner
      ? await createDb(data.catalogue)
          .select({
            id: users.id,
            email: users.email,
            role: users.role,
            referredBy: users.referredBy,
            passwordHash: users.passwordHash,
          })
          .from(users)
          .where(and(eq(users.id, owner), isNull(users.deletedAt), isNull(users.emailConfirmedAt)))
      : [];
    if (!account) throw new AppError("invalid_token", INVALID_LINK_MESSAGE);
    // The address was signed up for more than once: whoever opened the link chooses the password, so the link is
    // checked but not used up until they have.
    if (account.passwordHash === null && !body.password) {
      throw new AppError("validation_failed", CHOOSE_PASSWORD_MESSAGE, { field: "password" });
    }
    const chosen = body.password ? await hashPassword(body.password) : null;
    if ((await consumeEmailToken(data, body.token, "confirm_email", now)) !== account.id) {
      throw new AppError("invalid_token", INVALID_LINK_MESSAGE);
    }
    const role = account.role === "admin" ? "admin" : roleFor(c.var.settings, account.email);
    const { catalogue } = data;
    const bonus = await welcomeBonus(catalogue, c.var.settings, account, now);
    await openSession(
      c,
      { id: account.id, role, referred: account.referredBy !== null },
      {
        directory: [
          writeStatement(
            catalogue,
            createDb(catalogue)
              .update(users)
              .set({
                emailConfirmedAt: now,
                role,
                updatedAt: now,
                ...(chosen && {
                  passwordHash: chosen.hash,
                  passwordSalt: chosen.salt,
                  passwordIterations: chosen.iterations,
                }),
              })
              .where(eq(users.id, account.id)),
          ),
          ...bonus.directory,
        ],
        player: (d1) => [retireAllEmailTokens(d1, account.id, now), ...bonus.player(d1)],
      },
    );
    const me = await loadMe(data.player(account.id), account.id, now);
    if (!me) throw new AppError("invalid_token", INVALID_LINK_MESSAGE);
    return c.json({ user: me.user }, 200);
  })
  .openapi(resendRoute, async (c) => {
    afterResponse(c, "resend_confirmation_failed", () =>
      requestAccountLink(c.var.data, { accountLink: "confirm_email", address: c.req.valid("json").email }),
    );
    return c.json({ ok: true as const }, 200);
  });
