import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { newestFirst } from "../../db/keyset";
import { subscriptions } from "../../db/schema";
import { PAYMENT_RATE_LIMITS } from "../../config";
import { withIdempotency } from "../../db/idempotency";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { enforceRateLimits } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { publishToUser } from "../../realtime/live-hubs";
import { requireUser } from "../session/session.middleware";
import { createCheckout, createPortal } from "./checkout.service";
import type { PurchaseRef } from "./credit-purchase.service";
import {
  checkoutRequestSchema,
  subscriptionSchema,
  urlSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from "./payments.schemas";
import { stripeFor } from "./stripe-client";
import { replayVerification, verifyPayment } from "./verify.service";

const SUBSCRIPTIONS_LISTED = 50;

const checkoutRoute = createRoute({
  method: "post",
  path: "/checkout",
  operationId: "createCheckout",
  summary: "Start a Stripe Checkout for a credit pack or subscription",
  security: signedIn,
  tags: ["Payments"],
  middleware: [requireUser] as const,
  request: { body: jsonBody(checkoutRequestSchema) },
  responses: {
    200: jsonContent(urlSchema, "Stripe Checkout URL"),
    ...errorResponses(400, 401, 403, 409, 422, 429, 503),
  },
});

const verifyRoute = createRoute({
  method: "post",
  path: "/verify",
  operationId: "verifyPayment",
  summary: "Credit a completed checkout on return from Stripe",
  security: signedIn,
  tags: ["Payments"],
  middleware: [requireUser] as const,
  request: { body: jsonBody(verifyRequestSchema), headers: z.object({ "idempotency-key": z.string().optional() }) },
  responses: { 200: jsonContent(verifyResponseSchema), ...errorResponses(400, 401, 404, 409, 422, 503) },
});

const portalRoute = createRoute({
  method: "post",
  path: "/portal",
  operationId: "openBillingPortal",
  summary: "Open Stripe's billing portal for the player's subscription",
  security: signedIn,
  tags: ["Payments"],
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(urlSchema, "Stripe Customer Portal URL"), ...errorResponses(401, 404, 503) },
});

const subscriptionsRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listSubscriptions",
  summary: "The player's subscriptions",
  security: signedIn,
  tags: ["Payments"],
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(z.object({ items: z.array(subscriptionSchema) })), ...errorResponses(401) },
});

export const paymentRoutes = createRouter()
  .openapi(checkoutRoute, async (c) => {
    const user = c.var.user;
    await enforceRateLimits(c.var.data.catalogue, [
      { key: `checkout:user:${user.id}`, rule: PAYMENT_RATE_LIMITS.checkoutPerUser },
    ]);
    const stripe = stripeFor(c.var.settings);
    const result = await createCheckout(
      c.var.data,
      stripe,
      c.var.settings.APP_URL,
      user,
      c.req.valid("json"),
      Date.now(),
    );
    return c.json(result, 200);
  })
  .openapi(verifyRoute, async (c) => {
    const userId = c.var.user.id;
    const request = c.req.valid("json");
    const d1 = c.var.data.player(userId);
    return withIdempotency(
      c,
      { userId, body: request },
      {
        run: async (receipt) => {
          const { handled, body } = await verifyPayment(
            d1,
            stripeFor(c.var.settings),
            userId,
            request.sessionId,
            Date.now(),
            receipt,
          );
          if (handled?.outcome?.events.length)
            c.executionCtx.waitUntil(publishToUser(c.env, userId, handled.outcome.events));
          return { status: 200 as const, body };
        },
        // A replay announces the balance: the attempt that committed never got as far.
        replay: async (ref: PurchaseRef) => {
          const { credits, body } = await replayVerification(d1, ref);
          c.executionCtx.waitUntil(publishToUser(c.env, userId, [{ type: "credits", data: credits }]));
          return { status: 200 as const, body };
        },
      },
    );
  })
  .openapi(portalRoute, async (c) => {
    const userId = c.var.user.id;
    const result = await createPortal(
      c.var.data.player(userId),
      stripeFor(c.var.settings),
      c.var.settings.APP_URL,
      userId,
    );
    return c.json(result, 200);
  });

export const subscriptionRoutes = createRouter().openapi(subscriptionsRoute, async (c) => {
  const s = subscriptions;
  const userId = c.var.user.id;
  const items = await createDb(c.var.data.player(userId))
    .select({
      id: s.id,
      status: s.status,
      creditsAmount: s.creditsAmount,
      totalPrice: s.totalPrice,
      currency: s.currency,
      nextDeliveryDate: s.nextDeliveryDate,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      createdAt: s.createdAt,
    })
    .from(s)
    .where(eq(s.userId, userId))
    .orderBy(...newestFirst(s))
    .limit(SUBSCRIPTIONS_LISTED);
  return c.json({ items }, 200);
});
