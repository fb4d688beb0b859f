import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_DASHBOARD_DAYS } from "../../config";
import { adminOnly, errorResponses, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireAdmin } from "../session/session.middleware";
import { readDashboard } from "./admin-dashboard.service";

const count = z.number().int();

const dashboardDaySchema = z.object({
  day: z.string().openapi({ description: "The UTC day, YYYY-MM-DD", example: "2026-11-29" }),
  picks: count,
  purchases: count.openapi({ description: "Credited payments" }),
  purchasedCredits: count.openapi({ description: "Credits those payments bought, before any refund" }),
  redemptions: count.openapi({ description: "Redemptions asked for, but rejected ones" }),
  redeemedCredits: count,
});

const dashboardSchema = z
  .object({
    generatedAt: count,
    days: z
      .array(dashboardDaySchema)
      .openapi({ description: `The last ${ADMIN_DASHBOARD_DAYS} UTC days, oldest first, today last` }),
    redeemableCredits: count.openapi({ description: "Every player's redeemable credits added up: the liability" }),
    settlement: z.object({
      questions: count.openapi({ description: "Questions whose latest outcome is not yet settled" }),
      picks: count,
      oldestChangeAt: count.nullable().openapi({ description: "When the longest waiting of them changed" }),
      lagMs: count.nullable().openapi({ description: "How long it has waited; null when nothing waits" }),
    }),
    pendingRedemptions: count,
    challenges: z.object({
      challenged: count.openapi({ description: "Score-feed results challenged and waiting for a review" }),
      alerts: count.openapi({ description: "The feed's corrections not yet dismissed" }),
    }),
  })
  .openapi("AdminDashboard");

const dashboardRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getAdminDashboard",
  summary: "Picks, purchases and redemptions per day, the redeemable liability, settlement lag and waiting challenges",
  description:
    "For admins watching the business: picks, purchases and redemptions per UTC day, the redeemable credits every " +
    "player holds, and what waits for settlement or review.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  responses: {
    200: jsonContent(dashboardSchema, {
      generatedAt: 1767380400000,
      days: [
        {
          day: "2026-01-02",
          picks: 1284,
          purchases: 37,
          purchasedCredits: 5200,
          redemptions: 9,
          redeemedCredits: 640,
        },
      ],
      redeemableCredits: 48210,
      settlement: { questions: 1, picks: 42, oldestChangeAt: 1767380280000, lagMs: 120000 },
      pendingRedemptions: 4,
      challenges: { challenged: 1, alerts: 0 },
    }),
    ...errorResponses("unauthorized", "forbidden"),
  },
});

/** Every number is added up in SQL, by each database for its own rows; only the databases' sums are added here. */
export const adminDashboardRoutes = createRouter().openapi(dashboardRoute, async (c) =>
  c.json(await readDashboard(c.var.data, Date.now()), 200),
);
