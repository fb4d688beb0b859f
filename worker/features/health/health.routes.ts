import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { jsonContent, publicRoute } from "../../lib/openapi";

const healthRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getHealth",
  summary: "Check that the API is up",
  description:
    "For uptime probes and load balancers: answers at once without touching the database, so it says the worker " +
    "runs, not that every dependency does (admins see that on GET /admin/health).",
  security: publicRoute,
  tags: ["Health"],
  responses: { 200: jsonContent(z.object({ ok: z.literal(true) }), { ok: true }) },
});

/**
 * Only the API document's description of GET /api/health: the worker's entry answers it before the router
 * (health.ts), so the router holds no handler that would never run.
 */
export const healthDocument = createRouter();
healthDocument.openAPIRegistry.registerPath(healthRoute);
