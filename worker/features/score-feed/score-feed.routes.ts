import { createRoute, z } from "@hono/zod-openapi";
import { challengeSchema } from "#shared/score-feed";
import { and, asc, inArray, isNotNull } from "drizzle-orm";
import { createDb } from "../../db/client";
import { scoreFeedLinks, userPicks } from "../../db/schema";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { viewerOwnStatements, withViewerOwn } from "../questions/viewer-own";
import { broadcast } from "../../realtime/live-hubs";
import { readInViewerDatabase, requireUser } from "../session/session.middleware";
import { selectQuestions, toQuestion } from "../questions/question-row";
import { questionSchema } from "../questions/questions.schemas";
import { submitChallenge } from "./challenges.service";
import { challengeAnswerSchema } from "./score-feed.schemas";

/** A player has few picks waiting on a result at once; more than this are not worth a card each. */
const AWAITING_LIMIT = 20;

const challengeRoute = createRoute({
  method: "post",
  path: "/challenges",
  operationId: "challengeResult",
  summary:
    "Challenge the score feed's proposed outcome of a question you picked, within its window; an admin reviews it",
  security: signedIn,
  tags: ["Score feed"],
  middleware: [requireUser] as const,
  request: { body: jsonBody(challengeSchema.openapi("ChallengeInput")) },
  responses: {
    201: jsonContent(challengeAnswerSchema, "Challenge recorded"),
    ...errorResponses(400, 401, 403, 404, 409, 422, 429),
  },
});

const awaitingRoute = createRoute({
  method: "get",
  path: "/awaiting",
  operationId: "listAwaitingResults",
  summary: "Questions you picked whose score feed result is proposed or challenged, soonest final first",
  security: signedIn,
  tags: ["Score feed"],
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(z.object({ items: z.array(questionSchema) }).openapi("AwaitingResults")),
    ...errorResponses(401),
  },
});

export const scoreFeedRoutes = createRouter()
  .openapi(challengeRoute, async (c) => {
    const { questionId, reason } = c.req.valid("json");
    const answer = await submitChallenge(c.var.data, { userId: c.var.user.id, questionId, reason, now: Date.now() });
    c.executionCtx.waitUntil(broadcast(c.env, { type: "question.updated", data: { id: questionId } }));
    return c.json(answer, 201);
  })
  .openapi(awaitingRoute, async (c) => {
    const userId = c.var.user.id;
    const { catalogue } = c.var.data;
    const awaiting = inArray(scoreFeedLinks.state, ["proposed", "challenged"]);
    if (c.var.data.player(userId) === catalogue) {
      const rows = await selectQuestions(createDb(catalogue), userId)
        .where(and(isNotNull(userPicks.id), awaiting))
        .orderBy(asc(scoreFeedLinks.finalAt))
        .limit(AWAITING_LIMIT);
      return c.json({ items: rows.map(toQuestion) }, 200);
    }
    // The player's picks are in their own database: the proposals awaiting a final result (few at a time) are read first.
    const proposed = await selectQuestions(createDb(catalogue), userId)
      .where(awaiting)
      .orderBy(asc(scoreFeedLinks.finalAt));
    const own = await readInViewerDatabase(c, userId, (d1) =>
      viewerOwnStatements(d1, userId, { questionIds: proposed.map((row) => row.id) }),
    );
    const picked = own ? withViewerOwn(proposed, own).filter((row) => row.pickId !== null) : [];
    return c.json({ items: picked.slice(0, AWAITING_LIMIT).map(toQuestion) }, 200);
  });
