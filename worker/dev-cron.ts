import { createRoute, z } from "@hono/zod-openapi";
import { cronJobs, runScheduled } from "./cron/schedule";
import { assertLocal } from "./features/dev/local-only";
import { jsonContent } from "./lib/openapi";
import { createRouter } from "./lib/router";

const CRONS = Object.keys(cronJobs) as [string, ...string[]];

const cronRoute = createRoute({
  method: "post",
  path: "/cron",
  tags: ["Development"],
  summary: "Runs a cron's jobs now and answers once they are done (local development entry only)",
  request: { query: z.object({ cron: z.enum(CRONS) }) },
  responses: { 200: jsonContent(z.object({ outcomes: z.record(z.string(), z.unknown()) }), { outcomes: {} }) },
});

/**
 * The browser journeys' way to run a cron: Cloudflare's scheduler calls the worker's scheduled handler, which the
 * assets router in front of a local worker does not pass on. Answering after the jobs, not before as the scheduler's
 * waitUntil would, lets a journey read what they did without polling for it.
 */
export const devCron = createRouter().openapi(cronRoute, async (c) => {
  assertLocal(c.var.settings.ENVIRONMENT);
  const { cron } = c.req.valid("query");
  return c.json({ outcomes: await runScheduled(cron, c.env) }, 200);
});
