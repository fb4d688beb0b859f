import { createRoute, z } from "@hono/zod-openapi";
import { DEV_OUTBOX_LIMIT } from "../../config";
import { AppError } from "../../lib/errors";
import { jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";

const outboxEmail = z
  .object({ to: z.string(), subject: z.string(), text: z.string(), links: z.array(z.string()), createdAt: z.number() })
  .openapi("OutboxEmail");

const outboxRoute = createRoute({
  method: "get",
  path: "/dev/outbox",
  tags: ["Development"],
  summary: "The emails sent (development and tests only; 404 elsewhere)",
  request: { query: z.object({ to: z.string().max(254).optional() }) },
  responses: { 200: jsonContent(z.object({ items: z.array(outboxEmail) })) },
});

const LINK = /https?:\/\/[^\s<>"]+/g;

export const devRoutes = createRouter().openapi(outboxRoute, async (c) => {
  const environment = c.var.settings.ENVIRONMENT;
  if (environment !== "development" && environment !== "test") throw new AppError("not_found", "Page not found");
  const { to } = c.req.valid("query");
  const { results } = await c.env.DB.prepare(
    `SELECT to_email, subject, text, created_at FROM email_outbox
     WHERE ?1 IS NULL OR to_email = ?1 COLLATE NOCASE
     ORDER BY created_at DESC, rowid DESC LIMIT ?2`,
  )
    .bind(to ?? null, DEV_OUTBOX_LIMIT)
    .all<{ to_email: string; subject: string; text: string; created_at: number }>();
  const items = results.map((row) => ({
    to: row.to_email,
    subject: row.subject,
    text: row.text,
    links: row.text.match(LINK) ?? [],
    createdAt: row.created_at,
  }));
  return c.json({ items }, 200);
});
