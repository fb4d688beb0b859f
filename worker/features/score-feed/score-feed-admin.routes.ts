import { createRoute, z } from "@hono/zod-openapi";
import { createDb } from "../../db/client";
import { AppError } from "../../lib/errors";
import { adminOnly, errorResponses, jsonBody, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { broadcast } from "../../realtime/live-hubs";
import { requireAdmin } from "../session/session.middleware";
import { publishSettlementNow } from "../settlement/settlement-events";
import { dismissAlert } from "./alerts.service";
import { scoreFeedProvider } from "./configured-feed";
import { linkQuestion, OFF_MESSAGE, readLink, unlinkQuestion } from "./links.service";
import { ScoreFeedUnavailable, type ScoreFeedProvider } from "./provider";
import { readQueue } from "./queue.query";
import { reviewChallenge } from "./review.service";
import {
  feedEventsSchema,
  linkAnswerSchema,
  linkBodySchema,
  questionIdParams,
  queueSchema,
  reviewBodySchema,
} from "./score-feed.schemas";

const admin = { security: adminOnly, tags: ["Admin"] };

const eventsRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/events",
  operationId: "listFeedEvents",
  summary: "The score feed's upcoming events, to link a question to (enabled is false when no feed is configured)",
  responses: { 200: jsonContent(feedEventsSchema), ...errorResponses(401, 403, 503) },
});

const getLinkRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/links/{questionId}",
  operationId: "getScoreFeedLink",
  summary: "A question's link to a feed event and where its auto-resolution stands",
  request: { params: questionIdParams },
  responses: { 200: jsonContent(linkAnswerSchema), ...errorResponses(400, 401, 403) },
});

const putLinkRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "put",
  path: "/links/{questionId}",
  operationId: "linkQuestionToFeed",
  summary:
    "Link a question to a feed event with its rule (option A's side, or the over/under line), while nothing is proposed",
  request: { params: questionIdParams, body: jsonBody(linkBodySchema) },
  responses: { 200: jsonContent(linkAnswerSchema), ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
});

const deleteLinkRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "delete",
  path: "/links/{questionId}",
  operationId: "unlinkQuestionFromFeed",
  summary: "Take a question off the score feed while nothing is proposed",
  request: { params: questionIdParams },
  responses: { 200: jsonContent(linkAnswerSchema), ...errorResponses(400, 401, 403, 404, 409) },
});

const queueRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/challenges",
  operationId: "listChallengedQuestions",
  summary: "Challenged questions with the feed's data and every challenge, and the feed's open correction alerts",
  responses: { 200: jsonContent(queueSchema), ...errorResponses(401, 403) },
});

const decideRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/challenges/{questionId}/decision",
  operationId: "decideChallenge",
  summary: "Confirm the proposed outcome of a challenged question or set another, with a reason, and settle it",
  request: { params: questionIdParams, body: jsonBody(reviewBodySchema) },
  responses: {
    200: jsonContent(
      z
        .object({ picksUpdated: z.number().int(), creditsAwarded: z.number().int(), complete: z.boolean() })
        .openapi("ChallengeDecisionResult"),
    ),
    ...errorResponses(400, 401, 403, 404, 409, 500),
  },
});

const dismissRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/alerts/{id}/dismiss",
  operationId: "dismissFeedAlert",
  summary: "Dismiss a correction alert (it never moved credits)",
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: { 200: jsonContent(z.object({ dismissed: z.boolean() })), ...errorResponses(400, 401, 403, 404) },
});

/** The configured feed's answer, or 503 when auto-resolution is off or the feed does not answer readably. */
const askFeed = async <T>(provider: ScoreFeedProvider | null, ask: (provider: ScoreFeedProvider) => Promise<T>) => {
  if (!provider) throw new AppError("unavailable", OFF_MESSAGE);
  try {
    return await ask(provider);
  } catch (error) {
    if (error instanceof ScoreFeedUnavailable)
      throw new AppError("unavailable", "The score feed is not answering. Please try again later.");
    throw error;
  }
};

export const scoreFeedAdminRoutes = createRouter()
  .openapi(eventsRoute, async (c) => {
    const provider = scoreFeedProvider(c.var.settings);
    if (!provider) return c.json({ enabled: false, events: [] }, 200);
    const events = await askFeed(provider, (feed) => feed.upcoming());
    return c.json({ enabled: true, events }, 200);
  })
  .openapi(getLinkRoute, async (c) =>
    c.json(
      {
        enabled: scoreFeedProvider(c.var.settings) !== null,
        link: await readLink(c.var.data.catalogue, c.req.valid("param").questionId),
      },
      200,
    ),
  )
  .openapi(putLinkRoute, async (c) => {
    const { questionId } = c.req.valid("param");
    const input = { questionId, ...c.req.valid("json"), adminId: c.var.user.id, now: Date.now() };
    const link = await askFeed(scoreFeedProvider(c.var.settings), (feed) =>
      linkQuestion(c.var.data.catalogue, feed, input),
    );
    return c.json({ enabled: true, link }, 200);
  })
  .openapi(deleteLinkRoute, async (c) => {
    await unlinkQuestion(c.var.data.catalogue, c.req.valid("param").questionId, c.var.user.id, Date.now());
    return c.json({ enabled: scoreFeedProvider(c.var.settings) !== null, link: null }, 200);
  })
  .openapi(queueRoute, async (c) => c.json(await readQueue(createDb(c.var.data.catalogue)), 200))
  .openapi(decideRoute, async (c) => {
    const { questionId } = c.req.valid("param");
    const review = { questionId, ...c.req.valid("json"), adminId: c.var.user.id, now: Date.now() };
    const { settledUsers, ...result } = await reviewChallenge(c.var.data, review);
    c.executionCtx.waitUntil(
      Promise.all([
        broadcast(c.env, { type: "question.updated", data: { id: questionId } }),
        publishSettlementNow(c.var.data, c.env, questionId, settledUsers),
      ]),
    );
    return c.json(result, 200);
  })
  .openapi(dismissRoute, async (c) =>
    c.json(await dismissAlert(c.var.data.catalogue, c.req.valid("param").id, c.var.user.id, Date.now()), 200),
  );
