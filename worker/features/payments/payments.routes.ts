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
const EXAMPLE_SESSION = "cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ";

const checkoutRoute = createRoute({
  method: "post",
  path: "/checkout",
  operationId: "createCheckout",
  summary: "Start a Stripe Checkout for a credit pack or subscription",
  description:
    "For a signed-in player buying credits: starts a Stripe Checkout for a pack, or a monthly subscription, at the " +
    "price GET /pricing shows, and answers the page to send them to. Refused during a break or self-exclusion, past " +
    "the player's purchase limit, and with a subscription already running.",
  security: signedIn,
  tags: ["Payments"],
  middleware: [requireUser] as const,
  request: { body: jsonBody(checkoutRequestSchema, { credits: 100, currency: "USD", mode: "payment" }) },
  responses: {
    200: jsonContent(urlSchema, { url: `https://checkout.stripe.com/c/pay/${EXAMPLE_SESSION}` }, "Stripe Checkout URL"),
    ...errorResponses(
      "validation_failed",
      "unauthorized",
      "forbidden",
      "not_found",
      "conflict",
      "rule_violation",
      "rate_limited",
      "unavailable",
    ),
  },
});

const verifyRoute = createRoute({
  method: "post",
  path: "/verify",
  operationId: "verifyPayment",
  summary: "Credit a completed checkout on return from Stripe",
  description:
    "For the signed-in player back from Stripe Checkout: credits the purchase if it is paid (Stripe's webhook may " +
    "have done so already; credits are never added twice) and answers the new balance. Send an `Idempotency-Key` to " +
    "retry safely.",
  security: signedIn,
  tags: ["Payments"],
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(verifyRequestSchema, { sessionId: EXAMPLE_SESSION }),
    headers: z.object({ "idempotency-key": z.string().optional() }),
  },
  responses: {
    200: jsonContent(verifyResponseSchema, {
      success: true,
      wasDuplicate: false,
      creditsAdded: 100,
      newBalance: 240,
      message: "100 credits added to your account.",
    }),
    ...errorResponses(
      "validation_failed",
      "bad_request",
      "unauthorized",
      "not_found",
      "idempotency_key_reused",
      "unavailable",
    ),
  },
});

const portalRoute = createRoute({
  method: "post",
  path: "/portal",
  operationId: "openBillingPortal",
  summary: "Open Stripe's billing portal for the player's subscription",
  description:
    "For a signed-in player who has bought before: answers a Stripe billing portal page where they manage or cancel " +
    "their subscription and see their invoices.",
  security: signedIn,
  tags: ["Payments"],
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(
      urlSchema,
      { url: "https://billing.stripe.com/p/session/test_YWNjdF8xTjFxUWo" },
      "Stripe Customer Portal URL",
    ),
    ...errorResponses("unauthorized", "not_found", "unavailable"),
  },
});

const subscriptionsRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listSubscriptions",
  summary: "The player's subscriptions",
  description: "For the signed-in player: their monthly credit subscriptions, newest first, with where each stands.",
  security: signedIn,
  tags: ["Payments"],
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(z.object({ items: z.array(subscriptionSchema) }), {
      items: [
        {
          id: "sub_1QxYz2AbCdEfGhIj",
          status: "active",
          creditsAmount: 200,
          totalPrice: 1799,
          currency: "USD",
          nextDeliveryDate: 1769904000000,
          cancelAtPeriodEnd: false,
          createdAt: 1767225600000,
        },
      ],
    }),
    ...errorResponses("unauthorized"),
  },
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
            c.var.data.metrics,
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
