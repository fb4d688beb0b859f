import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors";
import { checksSessionWithRead, claimedViewerId, readForViewer } from "../auth/auth.middleware";
import { errorResponses, jsonContent, optionalSession, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { feedQuery, pageOf } from "./feed.query";
import { selectQuestions, toQuestion } from "./question-row";
import { categoriesSchema, feedPageSchema, feedQuerySchema, questionSchema } from "./questions.schemas";
import { and, asc, desc, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { questions } from "../../db/schema";
import { boundQuery } from "../../db/compiled";
import { batchNamed } from "../../db/statement";
import { edgeCache } from "../../lib/edge-cache";

const MAX_CATEGORY_TABS = 10;
/** The sports tabs may be five minutes old, the player-props tab two: the response carries both, so two. */
const CATEGORIES_CACHE = "public, max-age=120, stale-while-revalidate=180";

const feedRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listQuestions",
  middleware: [checksSessionWithRead, edgeCache()] as const,
  summary: "The feed: open questions by sort and filter, with the viewer's bookmarks and picks",
  security: optionalSession,
  tags: ["Questions"],
  request: { query: feedQuerySchema },
  responses: { 200: jsonContent(feedPageSchema), ...errorResponses(400) },
});

const questionRoute = createRoute({
  method: "get",
  path: "/{id}",
  operationId: "getQuestion",
  summary: "One question, with the viewer's bookmark and pick",
  security: optionalSession,
  tags: ["Questions"],
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: { 200: jsonContent(z.object({ question: questionSchema })), ...errorResponses(404) },
});

const categoriesRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listCategories",
  middleware: [edgeCache()] as const,
  summary: "Categories with open questions, for the feed's tabs",
  security: publicRoute,
  tags: ["Questions"],
  responses: { 200: jsonContent(categoriesSchema) },
});

export const questionRoutes = createRouter()
  .openapi(feedRoute, async (c) => {
    const query = c.req.valid("query");
    // A visitor has no bookmarks, so their bookmarked-only feed is empty without asking the database.
    if (query.bookmarked && !claimedViewerId(c)) return c.json({ items: [], nextCursor: null }, 200);
    const now = Date.now();
    const results = await readForViewer(c, (viewerId) =>
      query.bookmarked && !viewerId ? null : feedQuery(c.env.DB, query, viewerId, now),
    );
    const { items, nextCursor } = pageOf(results, query.sort);
    c.header("Cache-Control", c.var.user ? "private, no-store" : "public, max-age=15");
    return c.json({ items: items.map(toQuestion), nextCursor }, 200);
  })
  .openapi(questionRoute, async (c) => {
    const viewer = c.var.user;
    const [row] = await selectQuestions(createDb(c.env.DB), viewer?.id ?? null).where(eq(questions.id, c.req.valid("param").id));
    const visible = row && (row.status === "published" || row.status === "resolved" || viewer?.role === "admin");
    if (!visible) throw new AppError("not_found", "Question not found");
    return c.json({ question: toQuestion(row) }, 200);
  });

export const categoryRoutes = createRouter()
  .openapi(categoriesRoute, async (c) => {
    const now = Date.now();
    const db = createDb(c.env.DB);
    const open = and(eq(questions.status, "published"), gt(questions.deadline, now), eq(questions.outcome, "unresolved"));
    const count = sql<number>`count(*)`.as("count");
    const { categories, props } = await batchNamed(c.env.DB, {
      categories: boundQuery(
        c.env.DB,
        db
          .select({ name: sql<string>`${questions.category}`.as("name"), count })
          .from(questions)
          .where(and(open, isNotNull(questions.category), ne(questions.category, ""), ne(questions.category, "Mixed Sports")))
          .groupBy(questions.category)
          .orderBy(desc(count), asc(sql`name`))
          .limit(MAX_CATEGORY_TABS),
      ),
      props: boundQuery(c.env.DB, db.select({ present: sql<number>`1` }).from(questions).where(and(open, eq(questions.isPlayerProp, true))).limit(1)),
    });
    c.header("Cache-Control", CATEGORIES_CACHE);
    return c.json(
      {
        categories,
        hasPlayerProps: props.length > 0,
      },
      200,
    );
  });
