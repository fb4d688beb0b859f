import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors";
import {
  checksSessionInBatch,
  claimedViewerId,
  readForViewer,
  readInViewerDatabase,
} from "../session/session.middleware";
import { errorResponses, jsonContent, optionalSession, publicRoute } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { feedQuery, pageOf } from "./feed.query";
import { withSummedCounts } from "./pick-counts";
import { exampleCategories, exampleOutcomeChange, exampleQuestion } from "./questions.examples";
import { selectQuestions, toQuestion } from "./question-row";
import { outcomeChanges, outcomeEntries } from "./outcome-history";
import {
  categoriesSchema,
  feedPageSchema,
  feedQuerySchema,
  questionDetailSchema,
  type FeedQuery,
} from "./questions.schemas";
import { bookmarkedIds, viewerOwnStatements, withViewerOwn } from "./viewer-own";
import type { Context } from "hono";
import type { AppEnv } from "../../env";
import { and, asc, desc, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { questions } from "../../db/schema";
import { boundQuery, runQuery } from "../../db/compiled";
import { batchNamed } from "../../db/statement";
import { edgeCache } from "../../lib/edge-cache";

const MAX_CATEGORY_TABS = 10;
/** The sports tabs may be five minutes old, the player-props tab two: the response carries both, so two. */
const CATEGORIES_CACHE = "public, max-age=120, stale-while-revalidate=180";

const feedRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listQuestions",
  middleware: [checksSessionInBatch, edgeCache()] as const,
  summary: "The feed: open questions by sort and filter, with the viewer's bookmarks and picks",
  description:
    "For anyone browsing: a page of the questions open for picks, sorted and filtered; with a session each question " +
    "also carries the viewer's bookmark and pick. Pass the answer's `nextCursor` as `cursor` for the next page.",
  security: optionalSession,
  tags: ["Questions"],
  request: { query: feedQuerySchema },
  responses: {
    200: jsonContent(feedPageSchema, {
      items: [exampleQuestion],
      nextCursor: "WzEyOCwiMGI4ZTdjMmEtNWQ0MS00ZjNlLTljNmItMmE3ZDFlMGY0YjkzIl0",
    }),
    ...errorResponses("validation_failed", "bad_request"),
  },
});

const questionRoute = createRoute({
  method: "get",
  path: "/{id}",
  operationId: "getQuestion",
  summary: "One question, with the viewer's bookmark, pick and result, and every change of its outcome",
  description:
    "For anyone following a question, open or settled (drafts only for admins): the question as the feed shows it, " +
    "and every change of its outcome with the reason given.",
  security: optionalSession,
  tags: ["Questions"],
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    200: jsonContent(questionDetailSchema, { question: exampleQuestion, outcomeHistory: [exampleOutcomeChange] }),
    ...errorResponses("validation_failed", "not_found"),
  },
});

const categoriesRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listCategories",
  middleware: [edgeCache()] as const,
  summary: "Categories with open questions, for the feed's tabs",
  description:
    "For anyone: the sports with the most open questions (up to ten), and whether any player props are open.",
  security: publicRoute,
  tags: ["Questions"],
  responses: { 200: jsonContent(categoriesSchema, exampleCategories) },
});

export const questionRoutes = createRouter()
  .openapi(feedRoute, async (c) => {
    const query = c.req.valid("query");
    // A visitor has no bookmarks, so their bookmarked-only feed is empty without asking the database.
    if (query.bookmarked && !claimedViewerId(c)) return c.json({ items: [], nextCursor: null }, 200);
    const now = Date.now();
    const viewerId = claimedViewerId(c);
    const { data } = c.var;
    const results =
      viewerId && data.player(viewerId) !== data.catalogue
        ? await feedBesideViewerOwn(c, query, viewerId, now)
        : await readForViewer(c, (viewer) =>
            query.bookmarked && !viewer ? null : feedQuery(data.catalogue, query, viewer, now),
          );
    const { items, nextCursor } = pageOf(results, query.sort);
    c.header("Cache-Control", c.var.user ? "private, no-store" : "public, max-age=15");
    return c.json({ items: items.map(toQuestion), nextCursor }, 200);
  })
  .openapi(questionRoute, async (c) => {
    const id = c.req.valid("param").id;
    const { user: viewer, data } = c.var;
    const db = createDb(data.catalogue);
    const [[found], entries] = await Promise.all([
      selectQuestions(db, viewer?.id ?? null).where(eq(questions.id, id)),
      outcomeEntries(db, id),
    ]);
    const visible = found && (found.status === "published" || found.status === "resolved" || viewer?.role === "admin");
    if (!visible) throw new AppError("not_found", "Question not found");
    const ownRead =
      viewer && data.player(viewer.id) !== data.catalogue
        ? readInViewerDatabase(c, viewer.id, (d1) => viewerOwnStatements(d1, viewer.id, { questionIds: [id] }))
        : null;
    const [row, own] = await Promise.all([withSummedCounts(data, found), ownRead]);
    const question = toQuestion(own ? withViewerOwn([row], own)[0]! : row);
    return c.json({ question, outcomeHistory: outcomeChanges(entries) }, 200);
  });

/**
 * The feed of a viewer whose database is not the catalogue: the page from the catalogue, the viewer's bookmarks and
 * picks (with the session check) from their own database, side by side; a bookmarked-only page needs the bookmarks first.
 */
const feedBesideViewerOwn = async (c: Context<AppEnv>, query: FeedQuery, viewerId: string, now: number) => {
  const { catalogue } = c.var.data;
  const own = (d1: D1Database) => viewerOwnStatements(d1, viewerId, { openAt: now });
  if (query.bookmarked) {
    const mine = await readInViewerDatabase(c, viewerId, own);
    return mine
      ? withViewerOwn(await runQuery(feedQuery(catalogue, query, viewerId, now, bookmarkedIds(mine))), mine)
      : [];
  }
  const [rows, mine] = await Promise.all([
    runQuery(feedQuery(catalogue, query, viewerId, now)),
    readInViewerDatabase(c, viewerId, own),
  ]);
  // A session that turned out to be over reads as a visitor's page (its score feed challenges were the viewer's).
  return mine ? withViewerOwn(rows, mine) : runQuery(feedQuery(catalogue, query, null, now));
};

export const categoryRoutes = createRouter().openapi(categoriesRoute, async (c) => {
  const now = Date.now();
  const { catalogue } = c.var.data;
  const db = createDb(catalogue);
  const open = and(eq(questions.status, "published"), gt(questions.deadline, now), eq(questions.outcome, "unresolved"));
  const count = sql<number>`count(*)`.as("count");
  const { categories, props } = await batchNamed(catalogue, {
    categories: boundQuery(
      catalogue,
      db
        .select({ name: sql<string>`${questions.category}`.as("name"), count })
        .from(questions)
        .where(
          and(open, isNotNull(questions.category), ne(questions.category, ""), ne(questions.category, "Mixed Sports")),
        )
        .groupBy(questions.category)
        .orderBy(desc(count), asc(sql`name`))
        .limit(MAX_CATEGORY_TABS),
    ),
    props: boundQuery(
      catalogue,
      db
        .select({ present: sql<number>`1` })
        .from(questions)
        .where(and(open, eq(questions.isPlayerProp, true)))
        .limit(1),
    ),
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
