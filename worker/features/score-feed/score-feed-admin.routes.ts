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
import { exampleAlert, exampleFeedEvent, exampleLink, exampleQueueItem } from "./score-feed.examples";

const admin = { security: adminOnly, tags: ["Admin"] };

const eventsRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/events",
  operationId: "listFeedEvents",
  summary: "The score feed's upcoming events, to link a question to (enabled is false when no feed is configured)",
  description:
    "For admins linking a question to the score feed: the feed's upcoming events. `enabled` is false when no feed " +
    "is configured; 503 when the feed does not answer readably.",
  responses: {
    200: jsonContent(feedEventsSchema, { enabled: true, events: [exampleFeedEvent] }),
    ...errorResponses("unauthorized", "forbidden", "unavailable"),
  },
});

const getLinkRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/links/{questionId}",
  operationId: "getScoreFeedLink",
  summary: "A question's link to a feed event and where its auto-resolution stands",
  description:
    "For admins: the feed event a question is linked to with its rule, and where its auto-resolution stands; " +
    "`link` is null when the question is not linked.",
  request: { params: questionIdParams },
  responses: {
    200: jsonContent(linkAnswerSchema, { enabled: true, link: exampleLink }),
    ...errorResponses("validation_failed", "unauthorized", "forbidden"),
  },
});

const putLinkRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "put",
  path: "/links/{questionId}",
  operationId: "linkQuestionToFeed",
  summary:
    "Link a question to a feed event with its rule (option A's side, or the over/under line), while nothing is proposed",
  description:
    "For admins: links an unresolved question to a feed event so its outcome is proposed from the final score, with " +
    "the side option A stands for (winner questions) or the line (over/under). Refused once a result is proposed.",
  request: {
    params: questionIdParams,
    body: jsonBody(linkBodySchema, { eventId: exampleFeedEvent.id, sideA: "home", line: null }),
  },
  responses: {
    200: jsonContent(linkAnswerSchema, { enabled: true, link: exampleLink }),
    ...errorResponses(
      "validation_failed",
      "unauthorized",
      "forbidden",
      "not_found",
      "conflict",
      "rule_violation",
      "unavailable",
    ),
  },
});

const deleteLinkRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "delete",
  path: "/links/{questionId}",
  operationId: "unlinkQuestionFromFeed",
  summary: "Take a question off the score feed while nothing is proposed",
  description:
    "For admins: unlinks a question still waiting for its event, so its outcome is theirs to set; refused once a " +
    "result is proposed.",
  request: { params: questionIdParams },
  responses: {
    200: jsonContent(linkAnswerSchema, { enabled: true, link: null }),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found", "conflict"),
  },
});

const queueRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "get",
  path: "/challenges",
  operationId: "listChallengedQuestions",
  summary: "Challenged questions with the feed's data and every challenge, and the feed's open correction alerts",
  description:
    "For admins reviewing results: the questions whose proposed outcome players challenged, with the feed's data " +
    "and every challenge, and the alerts raised when the feed corrected a score after a result stood.",
  responses: {
    200: jsonContent(queueSchema, { items: [exampleQueueItem], alerts: [exampleAlert] }),
    ...errorResponses("unauthorized", "forbidden"),
  },
});

const decideRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/challenges/{questionId}/decision",
  operationId: "decideChallenge",
  summary: "Confirm the proposed outcome of a challenged question or set another, with a reason, and settle it",
  description:
    "For admins deciding a challenge: confirms the outcome the feed proposed, or sets another, with a reason the " +
    "players see, and settles the question's picks as setting its outcome does.",
  request: {
    params: questionIdParams,
    body: jsonBody(reviewBodySchema, { outcome: "B", reason: "The Celtics won in overtime, 118-115" }),
  },
  responses: {
    200: jsonContent(
      z
        .object({ picksUpdated: z.number().int(), creditsAwarded: z.number().int(), complete: z.boolean() })
        .openapi("ChallengeDecisionResult"),
      { picksUpdated: 128, creditsAwarded: 1140, complete: true },
    ),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found", "conflict", "internal"),
  },
});

const dismissRoute = createRoute({
  ...admin,
  middleware: [requireAdmin] as const,
  method: "post",
  path: "/alerts/{id}/dismiss",
  operationId: "dismissFeedAlert",
  summary: "Dismiss a correction alert (it never moved credits)",
  description:
    "For admins who looked into a score correction: dismisses its alert; the outcome and the credits stay as they " +
    "are (an admin changes the outcome on its own if needed).",
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    200: jsonContent(z.object({ dismissed: z.boolean() }), { dismissed: true }),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found"),
  },
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
