import { createRoute, z } from "@hono/zod-openapi";
import { PICKS_PAGE_SIZE } from "../../config";
import { and, eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { questions, scoreFeedChallenges, scoreFeedLinks, userPicks } from "../../db/schema";
import { autoResolutionColumns, toAutoResolution } from "../score-feed/auto-resolution";
import { decodeKeyset, page } from "../../lib/cursor";
import { withIdempotency } from "../../lib/idempotency";
import { playerDb } from "../../db/shards";
import { sendReferrerBonus } from "../referrals/referral-queue";
import { broadcast, publishToUsers } from "../../realtime/live-shards";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../auth/auth.middleware";
import { pickStatsSchema, pickWithQuestionSchema, streakSchema, submitPickResponseSchema, submitPickSchema } from "./picks.schemas";
import { readPickStats, readStreak } from "./pick-stats.service";
import { readStreakHistory, streakHistoryRoute } from "./streak-history";
import { replayPick, submitPick, type PickRef, type PickResult } from "./submit-pick.service";

const submitRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "submitPick",
  summary: "Pick an answer, spending the question's credit cost times the multiplier",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  request: { body: jsonBody(submitPickSchema), headers: z.object({ "idempotency-key": z.string().optional() }) },
  responses: { 201: jsonContent(submitPickResponseSchema, "Pick placed"), ...errorResponses(400, 401, 402, 403, 404, 409, 422) },
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listMyPicks",
  summary: "The player's picks with their questions, newest first",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(pickWithQuestionSchema), nextCursor: z.string().nullable() })),
    ...errorResponses(401),
  },
});

const statsRoute = createRoute({
  method: "get",
  path: "/stats",
  operationId: "getPickStats",
  summary: "The player's pick totals and win rate",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(pickStatsSchema), ...errorResponses(401) },
});

const streakRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getStreak",
  summary: "The player's current and best streak",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(streakSchema), ...errorResponses(401) },
});



/** Whether a settled pick went with the majority; an open pick, or a tied crowd, says neither. */
const crowdSide = (pick: { status: string; choice: "yes" | "no" }, yes: number, no: number) => {
  if (pick.status === "active" || yes === no) return null;
  return (yes > no) === (pick.choice === "yes") ? ("with" as const) : ("against" as const);
};

export const pickRoutes = createRouter()
  .openapi(submitRoute, async (c) => {
    const body = c.req.valid("json");
    const { id: userId, referrerId } = c.var.user!;
    // A replay announces too: the attempt that committed never got as far (live messages only refresh caches).
    const answer = (result: PickResult) => {
      const deliveries = [{ userId, messages: result.events }, ...result.others];
      // The player's own frames first: in a shared hub the public activity frame to every socket would queue ahead
      // of their new balance (both failures are logged, never thrown).
      c.executionCtx.waitUntil(publishToUsers(c.env, deliveries).then(() => broadcast(c.env, result.activity)));
      return { status: 201 as const, body: result.body };
    };
    return withIdempotency(c, { userId, body }, {
      run: async (receipt) => {
        const result = await submitPick(playerDb(c.env, userId), { userId, ...body, referred: referrerId !== null, now: Date.now() }, receipt);
        if (result.paidFriend && referrerId) c.executionCtx.waitUntil(sendReferrerBonus(c.env, userId, referrerId));
        return answer(result);
      },
      replay: async (ref: PickRef) => answer(await replayPick(playerDb(c.env, userId), ref)),
    });
  })
  .openapi(listRoute, async (c) => {
    const userId = c.var.user!.id;
    const cursor = c.req.valid("query").cursor;
    const p = userPicks;
    const q = questions;
    const rows = await createDb(c.env.DB)
      .select({
        id: p.id,
        questionId: p.questionId,
        choice: p.choice,
        creditsSpent: p.creditsSpent,
        multiplier: p.multiplier,
        pickType: p.pickType,
        potentialPayout: p.potentialPayout,
        actualPayout: p.actualPayout,
        status: p.status,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        question: {
          id: q.id,
          title: q.title,
          deadline: q.deadline,
          imageUrl: q.imageUrl,
          sportCategory: q.sportCategory,
          customCategory: q.customCategory,
          answerOptionA: q.answerOptionA,
          answerOptionB: q.answerOptionB,
          outcome: q.outcome,
          updatedAt: q.updatedAt,
        },
        yesCount: q.yesCount,
        noCount: q.noCount,
        ...autoResolutionColumns,
      })
      .from(p)
      .innerJoin(q, eq(q.id, p.questionId))
      .leftJoin(scoreFeedLinks, eq(scoreFeedLinks.questionId, p.questionId))
      .leftJoin(scoreFeedChallenges, and(eq(scoreFeedChallenges.questionId, p.questionId), eq(scoreFeedChallenges.userId, userId)))
      .where(and(eq(p.userId, userId), afterKeyset(p, cursor ? decodeKeyset(cursor) : null)))
      .orderBy(...newestFirst(p))
      .limit(PICKS_PAGE_SIZE + 1);
    const items = rows.map(({ yesCount, noCount, ...row }) => {
      const { feed, columns: pick } = toAutoResolution(row);
      return {
        ...pick,
        question: { ...pick.question, crowd: { yes: yesCount, no: noCount }, autoResolution: feed },
        crowd: crowdSide(pick, yesCount, noCount),
      };
    });
    return c.json(page(items, PICKS_PAGE_SIZE), 200);
  })
  .openapi(statsRoute, async (c) => c.json(await readPickStats(c.env.DB, c.var.user!.id), 200));

export const streakRoutes = createRouter()
  .openapi(streakRoute, async (c) => c.json(await readStreak(c.env.DB, c.var.user!.id), 200))
  .openapi(streakHistoryRoute, async (c) => c.json(await readStreakHistory(c.env.DB, c.var.user!.id, c.req.valid("query").cursor), 200));
