import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { PAYMENT_RATE_LIMITS } from "../../config";
import type { AuthUser } from "../../lib/viewer";
import { AppError } from "../../lib/errors";
import { withIdempotency } from "../../db/idempotency";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { enforceRateLimits } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { publishToUser } from "../../realtime/live-hubs";
import { PROMO_MESSAGES, redeemRequestSchema, redeemResponseSchema } from "./promo-codes.schemas";
import { redeemPromoCode, replayPromoCode, type PromoRef, type Redemption } from "./redeem-promo.service";

/** The wording for visitors. */
const requireRedeemer: MiddlewareHandler<{ Variables: { user: AuthUser } }> = async (c, next) => {
  if (!c.var.user) throw new AppError("unauthorized", PROMO_MESSAGES.signIn);
  await next();
};

const redeemRoute = createRoute({
  method: "post",
  path: "/redeem",
  operationId: "redeemPromoCode",
  summary: "Redeem a promo code for bonus credits",
  description:
    "For a signed-in player with a promo code: adds its bonus credits to their balance, once per player and code " +
    "(codes are case-insensitive). Send an `Idempotency-Key` to retry safely.",
  security: signedIn,
  tags: ["Promo codes"],
  middleware: [requireRedeemer] as const,
  request: {
    body: jsonBody(redeemRequestSchema, { code: "WELCOME25" }),
    headers: z.object({ "idempotency-key": z.string().optional() }),
  },
  responses: {
    200: jsonContent(redeemResponseSchema, { success: true, creditsAwarded: 25, code: "WELCOME25" }, "Credits awarded"),
    ...errorResponses(
      "validation_failed",
      "bad_request",
      "unauthorized",
      "not_found",
      "duplicate",
      "conflict",
      "rule_violation",
      "idempotency_key_reused",
      "rate_limited",
    ),
  },
});

export const promoCodeRoutes = createRouter().openapi(redeemRoute, async (c) => {
  const userId = c.var.user.id;
  const body = c.req.valid("json");
  await enforceRateLimits(c.var.data.catalogue, [
    { key: `promo:user:${userId}`, rule: PAYMENT_RATE_LIMITS.promoRedeemPerUser },
  ]);
  // A replay announces too: the attempt that committed never got as far.
  const answer = (result: Redemption) => {
    c.executionCtx.waitUntil(publishToUser(c.env, userId, result.events));
    return { status: 200 as const, body: result.body };
  };
  return withIdempotency(
    c,
    { userId, body },
    {
      run: async (receipt) => answer(await redeemPromoCode(c.var.data, userId, body.code, Date.now(), receipt)),
      replay: async (ref: PromoRef) => answer(await replayPromoCode(c.var.data.player(userId), ref)),
    },
  );
});
