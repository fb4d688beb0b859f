import { createRoute, z } from "@hono/zod-openapi";
import { and, eq, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { questions, userBookmarks } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../session/session.middleware";

const EXAMPLE_QUESTION_ID = "0b8e7c2a-5d41-4f3e-9c6b-2a7d1e0f4b93";
const params = z.object({ questionId: z.string().min(1).max(100) });
const bookmarkState = z.object({ questionId: z.string(), bookmarked: z.boolean() }).openapi("BookmarkState");

const putRoute = createRoute({
  method: "put",
  path: "/{questionId}",
  operationId: "addBookmark",
  summary: "Bookmark a question",
  description: "For a signed-in player saving a question for later; doing it again changes nothing.",
  security: signedIn,
  tags: ["Bookmarks"],
  middleware: [requireUser] as const,
  request: { params },
  responses: {
    200: jsonContent(bookmarkState, { questionId: EXAMPLE_QUESTION_ID, bookmarked: true }),
    ...errorResponses("validation_failed", "unauthorized", "not_found"),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{questionId}",
  operationId: "removeBookmark",
  summary: "Remove a bookmark",
  description: "For a signed-in player: takes a question off their bookmarks; removing one that is not there succeeds.",
  security: signedIn,
  tags: ["Bookmarks"],
  middleware: [requireUser] as const,
  request: { params },
  responses: {
    200: jsonContent(bookmarkState, { questionId: EXAMPLE_QUESTION_ID, bookmarked: false }),
    ...errorResponses("validation_failed", "unauthorized"),
  },
});

/**
 * Both verbs are idempotent: repeating one leaves the same state and answers the same. A bookmark is the player's, in
 * their database, beside that database's copy of the question it points at.
 */
export const bookmarkRoutes = createRouter()
  .openapi(putRoute, async (c) => {
    const { questionId } = c.req.valid("param");
    const userId = c.var.user.id;
    const db = createDb(c.var.data.player(userId));
    const result = await db
      .insert(userBookmarks)
      .select(
        db
          .select({
            userId: sql<string>`${userId}`.as("user_id"),
            questionId: questions.id,
            createdAt: sql<number>`${Date.now()}`.as("created_at"),
          })
          .from(questions)
          .where(eq(questions.id, questionId)),
      )
      .onConflictDoNothing();
    if (result.meta.changes === 0) {
      const [question] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, questionId));
      if (!question) throw new AppError("not_found", "Question not found");
    }
    return c.json({ questionId, bookmarked: true }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { questionId } = c.req.valid("param");
    const userId = c.var.user.id;
    await createDb(c.var.data.player(userId))
      .delete(userBookmarks)
      .where(and(eq(userBookmarks.userId, userId), eq(userBookmarks.questionId, questionId)));
    return c.json({ questionId, bookmarked: false }, 200);
  });
