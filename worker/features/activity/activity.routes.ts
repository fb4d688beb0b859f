import { createRoute, z } from "@hono/zod-openapi";
import { countryFlagUrl } from "#shared/countries";
import { ACTIVITY_PAGE_SIZE } from "../../config";
import { decodeKeyset, page } from "../../lib/cursor";
import { errorResponses, jsonContent, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { afterKeyset } from "../../db/keyset";
import { activityFeed } from "../../db/schema";
import { newestActivity } from "./activity.service";

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
  const rows = await newestActivity(
    c.var.data,
    afterKeyset(activityFeed, cursor ? decodeKeyset(cursor) : null),
    ACTIVITY_PAGE_SIZE + 1,
  );
  const items = rows.map(({ answerOptionA, answerOptionB, ...row }) => ({
    ...row,
    countryFlagUrl: countryFlagUrl(row.country),
    choiceLabel: row.choice === "yes" ? answerOptionA : answerOptionB,
  }));
  return c.json(page(items, ACTIVITY_PAGE_SIZE), 200);
});
