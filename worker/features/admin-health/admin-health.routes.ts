import { createRoute, z } from "@hono/zod-openapi";
import { batchNamed } from "../../db/statement";
import { adminOnly, errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../auth/auth.middleware";
import { auditStatements, violationsOf } from "../credits/ledger.audit";
import { cronSummary, pendingRedemptions, settlementQueue } from "./admin-health.query";

const cronJobSchema = z.object({
  job: z.string(),
  lastRunAt: z.number().int(),
  lastOk: z.boolean(),
  lastFailureAt: z.number().int().nullable(),
  failuresLastDay: z.number().int(),
  detail: z.string(),
});

const healthSchema = z
  .object({
    crons: z.array(cronJobSchema),
    settlementQueue: z.object({ questions: z.number().int(), picks: z.number().int() }),
    pendingRedemptions: z.number().int(),
    ledgerAudit: z.object({ checkedAt: z.number().int(), violations: z.number().int() }),
  })
  .openapi("AdminHealth");

const healthRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getAdminHealth",
  summary: "Cron jobs, the settlement queue, pending redemptions and the ledger audit",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  responses: { 200: jsonContent(healthSchema), ...errorResponses(401, 403) },
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an operator checks first: are the jobs running, is anything stuck, and does the ledger still add up. */
export const adminHealthRoutes = createRouter().openapi(healthRoute, async (c) => {
  const now = Date.now();
  const { crons, queue, redemptions, audit } = await batchNamed(c.env.DB, {
    crons: cronSummary(c.env.DB, now - DAY_MS),
    queue: settlementQueue(c.env.DB),
    redemptions: pendingRedemptions(c.env.DB),
    audit: auditStatements(c.env.DB),
  });
  const violations = violationsOf(audit);
  const queueRow = queue[0];
  return c.json(
    {
      crons,
      settlementQueue: { questions: queueRow?.questions ?? 0, picks: queueRow?.picks ?? 0 },
      pendingRedemptions: redemptions[0]?.pending ?? 0,
      ledgerAudit: { checkedAt: now, violations: violations.length },
    },
    200,
  );
});
