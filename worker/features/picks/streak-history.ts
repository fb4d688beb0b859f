import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, getTableColumns } from "drizzle-orm";
import { STREAK_HISTORY_PAGE_SIZE } from "../../config";
import { createDb } from "../../db/client";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { questions, streakEvents } from "../../db/schema";
import { createSelectSchema } from "../../db/zod";
import { decodeKeyset, page } from "../../lib/cursor";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { requireUser } from "../session/session.middleware";

const streakEventSchema = createSelectSchema(streakEvents)
  .omit({ userId: true })
  .extend({ questionTitle: z.string().nullable().openapi({ description: "Null once the question was deleted" }) })
  .openapi("StreakEvent");

export const streakHistoryRoute = createRoute({
  method: "get",
  path: "/history",
  operationId: "getStreakHistory",
  summary:
    "Why the streak changed: each settled pick's effect and each correction with the admin's reason, newest first",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(streakEventSchema), nextCursor: z.string().nullable() })),
    ...errorResponses(400, 401),
  },
});

const { userId: _owner, ...eventColumns } = getTableColumns(streakEvents);

export const readStreakHistory = async (d1: D1Database, userId: string, cursor: string | undefined) => {
  const rows = await createDb(d1)
    .select({ ...eventColumns, questionTitle: questions.title })
    .from(streakEvents)
    .leftJoin(questions, eq(questions.id, streakEvents.questionId))
    .where(and(eq(streakEvents.userId, userId), afterKeyset(streakEvents, cursor ? decodeKeyset(cursor) : null)))
    .orderBy(...newestFirst(streakEvents))
    .limit(STREAK_HISTORY_PAGE_SIZE + 1);
  return page(rows, STREAK_HISTORY_PAGE_SIZE);
};
