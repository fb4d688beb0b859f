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
import { exampleQuestion } from "../questions/questions.examples";

/** A player has few picks waiting on a result at once; more than this are not worth a card each. */
const AWAITING_LIMIT = 20;

const challengeRoute = createRoute({
  method: "post",
  path: "/challenges",
  operationId: "challengeResult",
  summary:
    "Challenge the score feed's proposed outcome of a question you picked, within its window; an admin reviews it",
  description:
    "For a signed-in player who picked the question: objects to the outcome the score feed proposed, with a reason, " +
    "before it becomes final. The first challenge stops the clock until an admin decides; a player challenges a " +
    "question once, and only a few times an hour.",
  security: signedIn,
  tags: ["Score feed"],
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(challengeSchema.openapi("ChallengeInput"), {
      questionId: exampleQuestion.id,
      reason: "The game went to overtime and the Celtics won 118-115",
    }),
  },
  responses: {
    201: jsonContent(
      challengeAnswerSchema,
      {
        challenge: {
          id: "b3f7a2c9-5e1d-4086-9c4b-7a2e0d6f1b58",
          questionId: exampleQuestion.id,
          reason: "The game went to overtime and the Celtics won 118-115",
          createdAt: 1767322800000,
        },
        state: "challenged",
      },
      "Challenge recorded",
    ),
    ...errorResponses(
      "validation_failed",
      "unauthorized",
      "forbidden",
      "not_found",
      "duplicate",
      "conflict",
      "rule_violation",
      "rate_limited",
    ),
  },
});

const awaitingRoute = createRoute({
  method: "get",
  path: "/awaiting",
  operationId: "listAwaitingResults",
  summary: "Questions you picked whose score feed result is proposed or challenged, soonest final first",
  description:
    "For the signed-in player: the questions they picked whose result the score feed proposed (still open to a " +
    "challenge) or that wait for an admin, the soonest final first.",
  security: signedIn,
  tags: ["Score feed"],
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(z.object({ items: z.array(questionSchema) }).openapi("AwaitingResults"), {
      items: [
        {
          ...exampleQuestion,
          autoResolution: {
            state: "proposed",
            eventStatus: "final",
            homeTeam: "Los Angeles Lakers",
            awayTeam: "Boston Celtics",
            homeScore: 112,
            awayScore: 108,
            proposedOutcome: "A",
            finalAt: 1767322800000,
            challengedByMe: false,
          },
        },
      ],
    }),
    ...errorResponses("unauthorized"),
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
