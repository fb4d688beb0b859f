import { createRoute, z } from "@hono/zod-openapi";
import { adminOnly, errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../session/session.middleware";
import { readHealthReport } from "./health-report";

const cronJobSchema = z.object({
  job: z.string(),
  lastRunAt: z.number().int(),
  lastOk: z.boolean(),
  lastFailureAt: z.number().int().nullable(),
  failuresLastDay: z.number().int(),
  detail: z.string(),
});

const backlogSchema = z.object({
  waiting: z.number().int(),
  retrying: z.number().int().openapi({ description: "Of those waiting, how many failed at least once" }),
  oldestSince: z.number().int().nullable(),
});

const healthSchema = z
  .object({
    crons: z.array(cronJobSchema),
    settlementQueue: z.object({
      questions: z.number().int(),
      picks: z.number().int(),
      oldestWaitingSince: z.number().int().nullable().openapi({
        description: "When the longest-waiting unsettled outcome was set: the settlement lag",
      }),
    }),
    pendingRedemptions: z.number().int(),
    ledgerAudit: z.object({ checkedAt: z.number().int(), violations: z.number().int() }),
    emails: backlogSchema,
    pushes: backlogSchema,
    deadLetters: z
      .array(z.object({ queue: z.string(), depth: z.number().int(), newestAt: z.number().int().nullable() }))
      .openapi({ description: "Per queue, the messages that ran out of retries and are kept in dead_letters" }),
    requests: z
      .object({
        requests: z.number(),
        errors: z.number().openapi({ description: "Answered 5xx" }),
        webhookFailures: z.number().openapi({ description: "Stripe webhook deliveries answered 4xx or 5xx" }),
        source: z.enum(["analytics", "recorder", "unavailable"]),
      })
      .openapi({ description: "The last hour's requests, from the metrics dataset" }),
    alerts: z
      .array(z.object({ name: z.string(), message: z.string() }))
      .openapi({ description: "What crosses a threshold now; the operator is told when each begins and ends" }),
  })
  .openapi("AdminHealth");

const healthRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getAdminHealth",
  summary: "Cron jobs, settlement lag, queues, the last hour's errors, the ledger audit and alerts",
  description:
    "For admins on call: whether the scheduled jobs run and succeed, what waits (settlement, emails, push " +
    "notifications, redemptions, dead-letter queues), the last hour's error rate and webhook failures, the last ledger " +
    "audit's result and the alerts active now.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  responses: {
    200: jsonContent(healthSchema, {
      crons: [
        {
          job: "settleQueuedQuestions",
          lastRunAt: 1767380340000,
          lastOk: true,
          lastFailureAt: null,
          failuresLastDay: 0,
          detail: '{"settled":3}',
        },
      ],
      settlementQueue: { questions: 1, picks: 42, oldestWaitingSince: 1767380280000 },
      pendingRedemptions: 4,
      ledgerAudit: { checkedAt: 1767322800000, violations: 0 },
      emails: { waiting: 2, retrying: 0, oldestSince: 1767380370000 },
      pushes: { waiting: 0, retrying: 0, oldestSince: null },
      deadLetters: [{ queue: "email", depth: 1, newestAt: 1767380100000 }],
      requests: { requests: 5230, errors: 3, webhookFailures: 0, source: "analytics" },
      alerts: [{ name: "dead_letters:email", message: "1 email queue messages ran out of retries" }],
    }),
    ...errorResponses("unauthorized", "forbidden"),
  },
});

/** What an operator checks first: are the jobs running, is anything stuck, and does the ledger still add up. */
export const adminHealthRoutes = createRouter().openapi(healthRoute, async (c) =>
  c.json(await readHealthReport(c.var.data, c.var.settings, Date.now()), 200),
);
