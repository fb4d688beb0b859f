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
  description:
    "For anyone: a page of the picks players made and the wins they were paid, newest first. Pass the answer's " +
    "`nextCursor` as `cursor` for the next page.",
  security: publicRoute,
  tags: ["Community"],
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(activitySchema), nextCursor: z.string().nullable() }), {
      items: [
        {
          id: "f2b9d4a1-6c3e-4d7f-8a05-3e1b7c9d2f60",
          kind: "win",
          userId: "5f0c6a53-2d4e-4b8a-9a51-0c3e2f7b9d14",
          username: "BoldFalcon42",
          country: "US",
          countryFlagUrl: "/flags/us.svg",
          questionId: "0b8e7c2a-5d41-4f3e-9c6b-2a7d1e0f4b93",
          questionTitle: "Will the Lakers beat the Celtics tonight?",
          choice: "yes",
          choiceLabel: "Lakers",
          credits: 20,
          createdAt: 1767319200000,
        },
      ],
      nextCursor: "WzE3NjczMTkyMDAwMDAsImYyYjlkNGExLTZjM2UtNGQ3Zi04YTA1LTNlMWI3YzlkMmY2MCJd",
    }),
    ...errorResponses("validation_failed", "bad_request"),
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
