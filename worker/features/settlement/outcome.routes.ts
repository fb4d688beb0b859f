import { createRoute, z } from "@hono/zod-openapi";
import { adminOnly, errorResponses, jsonBody, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { broadcast } from "../../realtime/live-hubs";
import { adminActor } from "../admin-audit/admin-audit";
import { requireAdmin } from "../session/session.middleware";
import { setOutcome } from "./outcome.service";
import { publishSettlementNow } from "./settlement-events";

const outcomeRoute = createRoute({
  method: "put",
  path: "/{id}/outcome",
  operationId: "setOutcome",
  summary: "Set or change a question's outcome and settle its picks",
  description:
    "For admins: sets the outcome of a question and settles its picks (winners paid, a void refunded); changing an " +
    "outcome already set needs a reason, which players see, and settles again. Large questions finish settling in " +
    "the background (`complete: false`).",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: {
    params: z.object({ id: z.string().min(1).max(100) }),
    body: jsonBody(
      z
        .object({
          outcome: z.enum(["unresolved", "A", "B", "over", "under", "void"], { error: "Please choose an outcome" }),
          reason: z
            .string({ error: "Invalid reason" })
            .trim()
            .max(500, "Reason must be at most 500 characters")
            .optional()
            .openapi({
              description: "Required when an outcome that was already set is changed; kept in the audit log",
            }),
        })
        .openapi("SetOutcome"),
      { outcome: "A" },
    ),
  },
  responses: {
    200: jsonContent(
      z
        .object({
          picksUpdated: z.number().int(),
          creditsAwarded: z.number().int().openapi({ description: "Payouts and refunds granted by this call" }),
          complete: z.boolean().openapi({ description: "False when the cron job finishes the settlement" }),
        })
        .openapi("OutcomeResult"),
      { picksUpdated: 128, creditsAwarded: 1420, complete: true },
    ),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found", "internal"),
  },
});

export const outcomeRoutes = createRouter().openapi(outcomeRoute, async (c) => {
  const questionId = c.req.valid("param").id;
  const { settledUsers, ...result } = await setOutcome(c.var.data, {
    questionId,
    ...c.req.valid("json"),
    actor: adminActor(c.var.user.id),
    now: Date.now(),
  });
  c.executionCtx.waitUntil(
    Promise.all([
      broadcast(c.env, { type: "question.updated", data: { id: questionId } }),
      publishSettlementNow(c.var.data, c.env, questionId, settledUsers),
    ]),
  );
  return c.json(result, 200);
});
