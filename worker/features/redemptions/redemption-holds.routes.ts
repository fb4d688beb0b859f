import { createRoute, z } from "@hono/zod-openapi";
import { adminOnly, errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../session/session.middleware";
import { releaseHold } from "./redemption-holds";
import { redemptionSchema } from "./redemptions.schemas";
import { exampleRedemption } from "./redemptions.examples";

const releaseRoute = createRoute({
  method: "post",
  path: "/{id}/release",
  operationId: "releaseRedemptionHold",
  security: adminOnly,
  tags: ["Admin"],
  summary: "Release the hold a refund or dispute put on a pending redemption, so it can be fulfilled",
  description:
    "For admins who checked a refunded or disputed payment: lifts the hold it put on the player's pending redemption, " +
    "which can then be fulfilled.",
  middleware: [requireAdmin] as const,
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: jsonContent(z.object({ redemption: redemptionSchema }), {
      redemption: { ...exampleRedemption, updatedAt: 1767380400000 },
    }),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found", "conflict"),
  },
});

export const redemptionHoldRoutes = createRouter().openapi(releaseRoute, async (c) => {
  const result = await releaseHold(c.var.data, {
    redemptionId: c.req.valid("param").id,
    adminId: c.var.user.id,
    now: Date.now(),
  });
  return c.json(result, 200);
});
