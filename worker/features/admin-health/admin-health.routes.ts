import { createRoute, z } from "@hono/zod-openapi";
import type { SqlColumns } from "../../db/rows";
import type { cronRuns } from "../../db/schema";
import { batchNamed, typed } from "../../db/statement";
import { adminOnly, errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../auth/auth.middleware";
import { auditStatements, violationsOf } from "../credits/ledger.audit";

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

type CronRow = SqlColumns<typeof cronRuns, "job" | "detail"> & {
  last_run_at: number;
  last_ok: number;
  last_failure_at: number | null;
  failures: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an operator checks first: are the jobs running, is anything stuck, and does the ledger still add up. */
export const adminHealthRoutes = createRouter().openapi(healthRoute, async (c) => {
  const now = Date.now();
  const { crons, queue, redemptions, audit } = await batchNamed(c.env.DB, {
    crons: typed<CronRow>(
      c.env.DB.prepare(
        `SELECT r.job, r.started_at AS last_run_at, r.ok AS last_ok, r.detail,
           (SELECT MAX(started_at) FROM cron_runs f WHERE f.job = r.job AND f.ok = 0) AS last_failure_at,
           (SELECT count(*) FROM cron_runs f WHERE f.job = r.job AND f.ok = 0 AND f.started_at > ?1) AS failures
         FROM cron_runs r
         WHERE r.started_at = (SELECT MAX(started_at) FROM cron_runs x WHERE x.job = r.job)
         ORDER BY r.job`,
      ).bind(now - DAY_MS),
    ),
    queue: typed<{ questions: number; picks: number }>(
      c.env.DB.prepare(
        `SELECT count(*) AS questions,
           COALESCE((SELECT count(*) FROM user_picks p JOIN questions q ON q.id = p.question_id
                     WHERE q.settled_version <> q.settlement_version AND p.settled_version < q.settlement_version), 0) AS picks
         FROM questions WHERE settled_version <> settlement_version`,
      ),
    ),
    redemptions: typed<{ pending: number }>(c.env.DB.prepare("SELECT count(*) AS pending FROM gift_card_redemptions WHERE status = 'pending'")),
    audit: auditStatements(c.env.DB),
  });
  const violations = violationsOf(audit);
  const queueRow = queue.results[0];
  return c.json(
    {
      crons: crons.results.map((row) => ({
        job: row.job,
        lastRunAt: row.last_run_at,
        lastOk: row.last_ok === 1,
        lastFailureAt: row.last_failure_at,
        failuresLastDay: row.failures,
        detail: row.detail,
      })),
      settlementQueue: { questions: queueRow?.questions ?? 0, picks: queueRow?.picks ?? 0 },
      pendingRedemptions: redemptions.results[0]?.pending ?? 0,
      ledgerAudit: { checkedAt: now, violations: violations.length },
    },
    200,
  );
});
