import { createRoute, z } from "@hono/zod-openapi";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { newId } from "../../lib/ids";
import { rateLimitByIp } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonContent, optionalSession } from "../../lib/openapi";
import { contactMessageSchema } from "#shared/contact";
import { EXAMPLE_MESSAGE } from "./contact.examples";

const sendRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "sendContactMessage",
  summary: "Send a message to the team",
  description:
    "For anyone, signed in or not: sends a message to the team, who answer by email; a signed-in sender's account " +
    "is attached to it.",
  security: optionalSession,
  tags: ["Contact"],
  middleware: [rateLimitByIp("contact", RATE_LIMITS.contactPerIp)] as const,
  request: { body: jsonBody(contactMessageSchema, EXAMPLE_MESSAGE) },
  responses: {
    201: jsonContent(z.object({ id: z.string() }), { id: "d8c3a1f6-2e9b-4a57-b4d0-8f6e1c3a9b72" }, "Stored"),
    ...errorResponses("validation_failed", "rate_limited"),
  },
});

export const contactRoutes = createRouter().openapi(sendRoute, async (c) => {
  const body = c.req.valid("json");
  const id = newId();
  await createDb(c.var.data.catalogue)
    .insert(contactMessages)
    .values({ id, userId: c.var.user?.id ?? null, ...body, createdAt: Date.now() });
  return c.json({ id }, 201);
});
