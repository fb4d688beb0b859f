import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../lib/router";
import { jsonContent, publicRoute } from "../../lib/openapi";

const healthRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getHealth",
  summary: "Check that the API is up",
  security: publicRoute,
  tags: ["Health"],
  responses: { 200: jsonContent(z.object({ ok: z.literal(true) })) },
});

export const healthRoutes = createRouter().openapi(healthRoute, (c) => c.json({ ok: true as const }, 200));
