import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { questions } from "../../db/schema";
import { playerDb } from "../../db/shards";
import { AppError } from "../../lib/errors";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../auth/auth.middleware";

const params = z.object({ questionId: z.string().min(1).max(100) });
const bookmarkState = z.object({ questionId: z.string(), bookmarked: z.boolean() }).openapi("BookmarkState");

const putRoute = createRoute({
  method: "put",
  path: "/{questionId}",
  operationId: "addBookmark",
  summary: "Bookmark a question",
  security: signedIn,
  tags: ["Bookmarks"],
  middleware: [requireUser] as const,
  request: { params },
  responses: { 200: jsonContent(bookmarkState), ...errorResponses(401, 404) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/{questionId}",
  operationId: "removeBookmark",
  summary: "Remove a bookmark",
  security: signedIn,
  tags: ["Bookmarks"],
  middleware: [requireUser] as const,
  request: { params },
  responses: { 200: jsonContent(bookmarkState), ...errorResponses(401) },
});

/**
 * Both verbs are idempotent: repeating one leaves the same state and answers the same. A bookmark is the player's, in
 * their shard, beside the shard's copy of the question it points at.
 */
export const bookmarkRoutes = createRouter()
  .openapi(putRoute, async (c) => {
    const { questionId } = c.req.valid("param");
    const userId = c.var.user!.id;
    const d1 = playerDb(c.env, userId);
    const result = await d1.prepare(
      `INSERT INTO user_bookmarks (user_id, question_id, created_at)
       SELECT ?1, id, ?3 FROM questions WHERE id = ?2
       ON CONFLICT (user_id, question_id) DO NOTHING`,
    )
      .bind(userId, questionId, Date.now())
      .run();
    if (result.meta.changes === 0) {
      const [question] = await createDb(d1).select({ id: questions.id }).from(questions).where(eq(questions.id, questionId));
      if (!question) throw new AppError("not_found", "Question not found");
    }
    return c.json({ questionId, bookmarked: true }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { questionId } = c.req.valid("param");
    const userId = c.var.user!.id;
    await playerDb(c.env, userId).prepare("DELETE FROM user_bookmarks WHERE user_id = ? AND question_id = ?")
      .bind(userId, questionId)
      .run();
    return c.json({ questionId, bookmarked: false }, 200);
  });
