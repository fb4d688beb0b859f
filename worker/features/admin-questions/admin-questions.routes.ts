import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_PAGE_SIZE } from "../../config";
import { and, eq, sql } from "drizzle-orm";
import { createDb } from "../../db/client";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { questions } from "../../db/schema";
import { decodeKeyset, page } from "../../lib/cursor";
import { AppError } from "../../lib/errors";
import { adminOnly, errorResponses, jsonBody, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { broadcast } from "../../realtime/live-hubs";
import { requireAdmin } from "../session/session.middleware";
import { readAdminQuestion, selectAdminQuestions, toAdminQuestion } from "./admin-question-row";
import {
  adminListQuerySchema,
  adminQuestionSchema,
  createQuestionSchema,
  questionIdParams,
  updateQuestionSchema,
} from "./admin-questions.schemas";
import { withSummedCounts, withSummedCountsOf } from "../questions/pick-counts";
import { copyQuestions } from "../questions/question-copies";
import { deleteQuestion, type QuestionRefund } from "./delete-question.service";
import { announceRefunds } from "./refund-news";
import { createQuestion, updateQuestion } from "./question-writes";
import { exampleAdminQuestion, exampleNewQuestion } from "./admin-questions.examples";

const oneQuestion = z.object({ question: adminQuestionSchema });

const listRoute = createRoute({
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/",
  operationId: "listAdminQuestions",
  summary: "Every question, newest first, optionally by status",
  description:
    "For admins managing questions: a page of every question, drafts and scheduled ones included, newest first, by " +
    "status or title search. Pass the answer's `nextCursor` as `cursor` for the next page.",
  security: adminOnly,
  request: { query: adminListQuerySchema },
  responses: {
    200: jsonContent(z.object({ items: z.array(adminQuestionSchema), nextCursor: z.string().nullable() }), {
      items: [exampleAdminQuestion],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized", "forbidden"),
  },
});

const getRoute = createRoute({
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/{id}",
  operationId: "getAdminQuestion",
  summary: "One question with its schedule and settlement progress",
  description:
    "For admins: one question with what only they see, its schedule, author, settlement progress and the last " +
    "outcome change's reason.",
  security: adminOnly,
  request: { params: questionIdParams },
  responses: {
    200: jsonContent(oneQuestion, { question: exampleAdminQuestion }),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found"),
  },
});

const createQuestionRoute = createRoute({
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/",
  operationId: "createQuestion",
  summary: "Create a question",
  description:
    "For admins: a new question, as a draft, published at once, or scheduled to publish at `publishAt`; players " +
    "pick on it until its deadline.",
  security: adminOnly,
  request: { body: jsonBody(createQuestionSchema, exampleNewQuestion) },
  responses: {
    201: jsonContent(oneQuestion, { question: exampleAdminQuestion }, "Created"),
    ...errorResponses("validation_failed", "unauthorized", "forbidden"),
  },
});

const updateRoute = createRoute({
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  method: "patch",
  path: "/{id}",
  operationId: "updateQuestion",
  summary: "Edit a question (only the fields sent)",
  description:
    "For admins: changes the fields sent and leaves the rest; open screens hear of it. The type changes only while " +
    "the outcome fits it.",
  security: adminOnly,
  request: { params: questionIdParams, body: jsonBody(updateQuestionSchema, { deadline: 1767315600000 }) },
  responses: {
    200: jsonContent(oneQuestion, {
      question: { ...exampleAdminQuestion, deadline: 1767315600000, updatedAt: 1767229200000 },
    }),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found", "rule_violation"),
  },
});

const deleteRoute = createRoute({
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  method: "delete",
  path: "/{id}",
  operationId: "deleteQuestion",
  summary: "Delete a question, refunding every pick on it",
  description:
    "For admins: deletes a question and everything tied to it, refunding what every pick on it cost; the players " +
    "refunded hear of it. A failure part way keeps the refunds already made, and a retry finishes the job.",
  security: adminOnly,
  request: { params: questionIdParams },
  responses: {
    200: jsonContent(z.object({ message: z.string() }), {
      message: "Question and all related data deleted successfully",
    }),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found", "internal"),
  },
});

export const adminQuestionRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { status, q, cursor } = c.req.valid("query");
    const rows = await selectAdminQuestions(createDb(c.var.data.catalogue))
      .where(
        and(
          status ? eq(questions.status, status) : undefined,
          // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, and instr needs no escaping.
          q ? sql`instr(lower(${questions.title}), lower(${q})) > 0` : undefined,
          afterKeyset(questions, cursor ? decodeKeyset(cursor) : null),
        ),
      )
      .orderBy(...newestFirst(questions))
      .limit(ADMIN_PAGE_SIZE + 1);
    const { items, nextCursor } = page(rows, ADMIN_PAGE_SIZE);
    const counted = await withSummedCountsOf(c.var.data, items);
    return c.json({ items: counted.map(toAdminQuestion), nextCursor }, 200);
  })
  .openapi(getRoute, async (c) => {
    const row = await readAdminQuestion(createDb(c.var.data.catalogue), c.req.valid("param").id);
    if (!row) throw new AppError("not_found", "Question not found");
    return c.json({ question: toAdminQuestion(await withSummedCounts(c.var.data, row)) }, 200);
  })
  .openapi(createQuestionRoute, async (c) => {
    const row = await createQuestion(c.var.data.catalogue, c.req.valid("json"), {
      adminId: c.var.user.id,
      now: Date.now(),
    });
    await copyQuestions(c.var.data, [row.id]);
    if (row.status === "published")
      c.executionCtx.waitUntil(broadcast(c.env, { type: "question.published", data: { id: row.id } }));
    return c.json({ question: toAdminQuestion(row) }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await updateQuestion(c.var.data.catalogue, id, c.req.valid("json"), {
      adminId: c.var.user.id,
      now: Date.now(),
    });
    await copyQuestions(c.var.data, [id]);
    c.executionCtx.waitUntil(broadcast(c.env, { type: "question.updated", data: { id } }));
    return c.json({ question: toAdminQuestion(row) }, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const refunds: QuestionRefund[] = [];
    try {
      await deleteQuestion(c.var.data, id, c.var.user.id, (chunk) => refunds.push(...chunk));
    } finally {
      // Refunds already committed stand even when a later step failed: their players hear of them either way.
      if (refunds.length > 0) c.executionCtx.waitUntil(announceRefunds(c.var.data, c.env, id, refunds));
    }
    c.executionCtx.waitUntil(broadcast(c.env, { type: "question.deleted", data: { id } }));
    return c.json({ message: "Question and all related data deleted successfully" }, 200);
  });
