import { createRoute, z } from "@hono/zod-openapi";
import { countryFlagUrl } from "#shared/countries";
import { ACTIVITY_PAGE_SIZE } from "../../config";
import { decodeKeyset, page } from "../../lib/cursor";
import { errorResponses, jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { activityFeed, questions, users } from "../../db/schema";

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

export const activityRoutes = createRouter().openapi(route, async (c) => {
  const { cursor } = c.req.valid("query");
  const a = activityFeed;
  const rows = await createDb(c.env.DB)
    .select({
      id: a.id,
      kind: a.kind,
      userId: a.userId,
      username: users.username,
      country: users.country,
      questionId: a.questionId,
      questionTitle: questions.title,
      choice: a.choice,
      answerOptionA: questions.answerOptionA,
      answerOptionB: questions.answerOptionB,
      credits: a.credits,
      createdAt: a.createdAt,
    })
    .from(a)
    .innerJoin(users, eq(users.id, a.userId))
    .innerJoin(questions, eq(questions.id, a.questionId))
    .where(afterKeyset(a, cursor ? decodeKeyset(cursor) : null))
    .orderBy(...newestFirst(a))
    .limit(ACTIVITY_PAGE_SIZE + 1);
  const items = rows.map(({ answerOptionA, answerOptionB, ...row }) => ({
    ...row,
    countryFlagUrl: countryFlagUrl(row.country),
    choiceLabel: row.choice === "yes" ? answerOptionA : answerOptionB,
  }));
  return c.json(page(items, ACTIVITY_PAGE_SIZE), 200);
});
