import { createRoute, z } from "@hono/zod-openapi";
import type { DataContext } from "../../db/data-context";
import { batchNamed, type NamedResults } from "../../db/statement";
import { adminOnly, errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../session/session.middleware";
import { auditStatements, violationsOf } from "../credits/ledger.audit";
import { cronSummary, pendingRedemptions, settlementQueue } from "./admin-health.query";
import { sumFields } from "../../lib/sum-fields";

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

/** What each player database holds of the answer: settlement still owed, redemptions waiting, ledger violations. */
const playerStatements = (d1: D1Database) => ({
  queue: settlementQueue(d1),
  redemptions: pendingRedemptions(d1),
  audit: auditStatements(d1),
});

type PlayerPart = NamedResults<ReturnType<typeof playerStatements>>;

/**
 * The catalogue's cron runs and open settlements, and each player database's part: one batch where the players are
 * in the catalogue, otherwise the catalogue and every player database side by side.
 */
const readHealth = async (data: DataContext, now: number) => {
  const { catalogue } = data;
  if (data.playersInCatalogue) {
    const { crons, ...part } = await batchNamed(catalogue, {
      crons: cronSummary(catalogue, now - DAY_MS),
      ...playerStatements(catalogue),
    });
    return { crons, questions: part.queue[0]?.questions ?? 0, parts: [part] };
  }
  const [fromCatalogue, parts] = await Promise.all([
    batchNamed(catalogue, { crons: cronSummary(catalogue, now - DAY_MS), queue: settlementQueue(catalogue) }),
    Promise.all(data.players().map(({ db }): Promise<PlayerPart> => batchNamed(db, playerStatements(db)))),
  ]);
  return { crons: fromCatalogue.crons, questions: fromCatalogue.queue[0]?.questions ?? 0, parts };
};

/** What an operator checks first: are the jobs running, is anything stuck, and does the ledger still add up. */
export const adminHealthRoutes = createRouter().openapi(healthRoute, async (c) => {
  const now = Date.now();
  const { crons, questions, parts } = await readHealth(c.var.data, now);
  const totals = sumFields(
    { picks: 0, pending: 0, violations: 0 },
    parts.map((part) => ({
      picks: part.queue[0]?.picks ?? 0,
      pending: part.redemptions[0]?.pending ?? 0,
      violations: violationsOf(part.audit).length,
    })),
  );
  return c.json(
    {
      crons,
      settlementQueue: { questions, picks: totals.picks },
      pendingRedemptions: totals.pending,
      ledgerAudit: { checkedAt: now, violations: totals.violations },
    },
    200,
  );
});
