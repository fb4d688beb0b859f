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
import { examplePick, exampleQuestion } from "./picks.examples";

const streakEventSchema = createSelectSchema(streakEvents)
  .omit({ userId: true })
  .extend({ questionTitle: z.string().nullable().openapi({ description: "Null once the question was deleted" }) })
  .openapi("StreakEvent");

const exampleStreakEvent = {
  id: "c41e8b07-3f2d-4a6c-9e15-7b0d2f8a6c31",
  questionId: exampleQuestion.id,
  pickId: examplePick.id,
  settlementVersion: 1,
  previousResult: "active",
  result: "won",
  fromOutcome: "unresolved",
  toOutcome: "A",
  reason: null,
  streakBefore: 2,
  streakAfter: 3,
  createdAt: 1767319200000,
  questionTitle: exampleQuestion.title,
} satisfies z.output<typeof streakEventSchema>;

export const streakHistoryRoute = createRoute({
  method: "get",
  path: "/history",
  operationId: "getStreakHistory",
  summary:
    "Why the streak changed: each settled pick's effect and each correction with the admin's reason, newest first",
  description:
    "For the signed-in player: a page of the changes to their streak, newest first. Pass the answer's `nextCursor` " +
    "as `cursor` for the next page.",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(streakEventSchema), nextCursor: z.string().nullable() }), {
      items: [exampleStreakEvent],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized"),
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
