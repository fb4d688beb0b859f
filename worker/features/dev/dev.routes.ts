import { createRoute, z } from "@hono/zod-openapi";
import { createDb } from "../../db/client";
import { contests, questions } from "../../db/schema";
import { jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { copyContests } from "../contests/contest-copies";
import { copyQuestions } from "../questions/question-copies";
import { assertLocal } from "./local-only";
import { readOutbox } from "./outbox-mailer";

const outboxEmail = z
  .object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    /** The HTML part (null for an email written without one); GET /api/dev/outbox/view shows it drawn. */
    html: z.string().nullable(),
    links: z.array(z.string()),
    createdAt: z.number(),
  })
  .openapi("OutboxEmail");

const outboxRoute = createRoute({
  method: "get",
  path: "/outbox",
  tags: ["Development"],
  summary: "The emails sent (local development entry only)",
  request: { query: z.object({ to: z.string().max(254).optional() }) },
  responses: { 200: jsonContent(z.object({ items: z.array(outboxEmail) }), { items: [] }) },
});

const sqlRoute = createRoute({
  method: "post",
  path: "/sql",
  tags: ["Development"],
  summary: "Runs fixture statements (local development entry only)",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            statements: z.array(z.string().min(1)).min(1).max(50),
            /** Runs them in this player's database instead of the catalogue. */
            player: z.string().min(1).max(64).optional(),
          }),
        },
      },
    },
  },
  responses: { 200: jsonContent(z.object({ ok: z.literal(true) }), { ok: true }) },
});

export const devRoutes = createRouter()
  // Browser tests write fixtures through the running worker: a second process writing the SQLite file under a
  // running workerd leaves it reading stale pages.
  .openapi(sqlRoute, async (c) => {
    assertLocal(c.var.settings.ENVIRONMENT);
    const { statements, player } = c.req.valid("json");
    const { data } = c.var;
    const d1 = player === undefined ? data.catalogue : data.player(player);
    await d1.batch(statements.map((sql) => d1.prepare(sql)));
    // A fixture's questions and contests reach the player databases as an admin's save would take them there.
    if (player === undefined) {
      const db = createDb(data.catalogue);
      const [questionRows, contestRows] = await db.batch([
        db.select({ id: questions.id }).from(questions),
        db.select({ id: contests.id }).from(contests),
      ]);
      const idsOf = (rows: { id: string }[]) => rows.map(({ id }) => id);
      await Promise.all([copyQuestions(data, idsOf(questionRows)), copyContests(data, idsOf(contestRows))]);
    }
    return c.json({ ok: true as const }, 200);
  })
  .openapi(outboxRoute, async (c) => {
    assertLocal(c.var.settings.ENVIRONMENT);
    const { to } = c.req.valid("query");
    const items = await readOutbox(c.var.data.catalogue, to);
    return c.json({ items }, 200);
  });
