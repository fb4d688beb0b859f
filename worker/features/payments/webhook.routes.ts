import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type Stripe from "stripe";
import { STRIPE_WEBHOOK_MAX_BYTES } from "../../config";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/log";
import { errorResponses, jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { publishToUser } from "../../realtime/live-hubs";
import { handleStripeEvent } from "./stripe-events.service";
import { cryptoProvider, stripeFor, webhookSecret } from "./stripe-client";
import { takesOwnBody } from "../../lib/request-guard";

const webhookRoute = createRoute({
  method: "post",
  path: "/webhook",
  operationId: "receiveStripeEvent",
  security: publicRoute,
  tags: ["Payments"],
  summary: "Stripe events, verified by their Stripe-Signature header against the raw body",
  description:
    "For Stripe only: payment, subscription, refund and dispute events, applied once their signature checks out. " +
    "Any failure answers 5xx so Stripe delivers the event again; applying one twice changes nothing.",
  request: {
    headers: z.object({
      "stripe-signature": z.string().optional().openapi({ description: "Stripe's signature of the raw body" }),
    }),
    body: {
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            description: "A Stripe event, read from the raw body its signature covers",
            required: ["id", "type", "data"],
            properties: { id: { type: "string" }, type: { type: "string" }, data: { type: "object" } },
          },
          example: {
            id: "evt_1QxYz2AbCdEfGhIj",
            type: "checkout.session.completed",
            data: { object: { id: "cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ", payment_status: "paid" } },
          },
        },
      },
    },
  },
  middleware: [
    takesOwnBody,
    bodyLimit({
      maxSize: STRIPE_WEBHOOK_MAX_BYTES,
      onError: () => {
        throw new AppError("payload_too_large", "Request body is too large");
      },
    }),
  ] as const,
  responses: {
    200: jsonContent(z.object({ received: z.literal(true) }), { received: true }, "Applied (or not ours to apply)"),
    ...errorResponses("bad_request", "payload_too_large", "unavailable"),
  },
});

/**
 * Answers 2xx only once the event's writes have committed; any failure is a 5xx so Stripe retries, and every
 * write is idempotent, so a retry (or a duplicate delivery) never moves credits twice.
 */
export const stripeWebhookRoutes = createRouter().openapi(webhookRoute, async (c) => {
  const settings = c.var.settings;
  const stripe = stripeFor(settings);
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(
      payload,
      c.req.header("Stripe-Signature") ?? "",
      webhookSecret(settings),
      undefined,
      cryptoProvider,
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    log("warn", "stripe_webhook_rejected", { error: String(error).split("\n")[0] });
    throw new AppError("bad_request", "Invalid signature");
  }
  const handled = await handleStripeEvent(c.var.data, stripe, event, Date.now());
  if (handled?.outcome?.events.length)
    c.executionCtx.waitUntil(publishToUser(c.env, handled.userId, handled.outcome.events));
  return c.json({ received: true as const }, 200);
});
