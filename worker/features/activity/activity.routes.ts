import { createRoute, z } from "@hono/zod-openapi";
import { countryFlagUrl } from "#shared/countries";
import { ACTIVITY_PAGE_SIZE } from "../../config";
import { decodeKeyset, page } from "../../lib/cursor";
import { errorResponses, jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import type { SqlColumns } from "../../db/rows";
import type { activityFeed, questions, users } from "../../db/schema";

const activitySchema = z
  .object({
    id: z.string(),
    kind: z.enum(["pick", "win"]),
    userId: z.string(),
    username: z.string(),
    country: z.string(),
    countryFlagUrl: z.string(),
    questionId: z.string(),
    questionTitle: z.string(),
    choice: z.enum(["yes", "no"]),
    choiceLabel: z.string(),
    credits: z.number().int().openapi({ description: "What the pick cost, or what the win paid" }),
    createdAt: z.number().int(),
  })
  .openapi("ActivityEntry");

const route = createRoute({
  method: "get",
  path: "/",
  operationId: "listActivity",
  summary: "Recent picks and wins across the game",
  security: publicRoute,
  tags: ["Community"],
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(activitySchema), nextCursor: z.string().nullable() })),
    ...errorResponses(400),
  },
});

type ActivityRow = SqlColumns<typeof activityFeed, "id" | "kind" | "user_id" | "question_id" | "choice" | "credits" | "created_at"> &
  SqlColumns<typeof users, "username" | "country"> &
  SqlColumns<typeof questions, "title" | "answer_option_a" | "answer_option_b">;

export const activityRoutes = createRouter().openapi(route, async (c) => {
  const { cursor } = c.req.valid("query");
  const after = cursor ? decodeKeyset(cursor) : null;
  const { results } = await c.env.DB.prepare(
    `SELECT a.id, a.kind, a.user_id, u.username, u.country, a.question_id, q.title, a.choice, q.answer_option_a,
       q.answer_option_b, a.credits, a.created_at
     FROM activity_feed a JOIN users u ON u.id = a.user_id JOIN questions q ON q.id = a.question_id
     WHERE (?1 IS NULL OR a.created_at < ?1 OR (a.created_at = ?1 AND a.id < ?2))
     ORDER BY a.created_at DESC, a.id DESC LIMIT ?3`,
  )
    .bind(after?.createdAt ?? null, after?.id ?? "", ACTIVITY_PAGE_SIZE + 1)
    .all<ActivityRow>();
  const items = results.map((row) => ({
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    username: row.username,
    country: row.country,
    countryFlagUrl: countryFlagUrl(row.country),
    questionId: row.question_id,
    questionTitle: row.title,
    choice: row.choice,
    choiceLabel: row.choice === "yes" ? row.answer_option_a : row.answer_option_b,
    credits: row.credits,
    createdAt: row.created_at,
  }));
  return c.json(page(items, ACTIVITY_PAGE_SIZE), 200);
});
