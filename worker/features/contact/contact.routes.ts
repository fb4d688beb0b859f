import { createRoute, z } from "@hono/zod-openapi";
import { RATE_LIMITS } from "../../config";
import { createDb } from "../../db/client";
import { contactMessages } from "../../db/schema";
import { newId } from "../../lib/ids";
import { rateLimitByIp } from "../../lib/rate-limit";
import { createRouter } from "../../lib/router";
import { errorResponses, jsonBody, jsonContent, optionalSession } from "../../lib/openapi";
import { contactMessageSchema } from "#shared/contact";

const sendRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "sendContactMessage",
  summary: "Send a message to the team",
  security: optionalSession,
  tags: ["Contact"],
  middleware: [rateLimitByIp("contact", RATE_LIMITS.contactPerIp)] as const,
  request: { body: jsonBody(contactMessageSchema) },
  responses: { 201: jsonContent(z.object({ id: z.string() }), "Stored"), ...errorResponses(400, 415, 429) },
});

export const contactRoutes = createRouter().openapi(sendRoute, async (c) => {
  const body = c.req.valid("json");
  const id = newId();
  await createDb(c.var.data.catalogue)
    .insert(contactMessages)
    .values({ id, userId: c.var.user?.id ?? null, ...body, createdAt: Date.now() });
  return c.json({ id }, 201);
});
