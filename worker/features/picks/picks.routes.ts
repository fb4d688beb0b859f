import { createRoute, z } from "@hono/zod-openapi";
import { withIdempotency } from "../../db/idempotency";
import { sendReferrerBonus } from "../referrals/referral-queue";
import { publishFromUser, publishToUsers } from "../../realtime/live-hubs";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import {
  checksSessionInBatch,
  claimedViewerId,
  confirmSession,
  requireClaims,
  requireUser,
  writeAsPlayer,
} from "../session/session.middleware";
import {
  pickStatsSchema,
  pickWithQuestionSchema,
  streakSchema,
  submitPickResponseSchema,
  submitPickSchema,
} from "./picks.schemas";
import { readMyPicks } from "./my-picks";
import { pickRecordRoute, readPickRecord } from "./pick-record";
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
  middleware: [checksSessionInBatch, requireClaims] as const,
  request: { body: jsonBody(submitPickSchema), headers: z.object({ "idempotency-key": z.string().optional() }) },
  responses: {
    201: jsonContent(submitPickResponseSchema, "Pick placed"),
    ...errorResponses(400, 401, 402, 403, 404, 409, 422),
  },
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
    ...errorResponses(400, 401),
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

export const pickRoutes = createRouter()
  .openapi(submitRoute, async (c) => {
    const body = c.req.valid("json");
    // A key's stored answers are read before any batch, so its session is checked first, as every other write's is.
    if (c.req.header("Idempotency-Key") !== undefined) await confirmSession(c);
    const userId = claimedViewerId(c)!;
    /**
     * A replay still sends the player's own frames (they only refresh caches) in case the attempt that committed never
     * got as far, but not the activity frame: every open screen adds that one to the question's split, so a retry after
     * a lost answer, the usual replay, would count the pick twice. An attempt cut off before its broadcast leaves other
     * screens one short until their next read instead.
     */
    const answer = (result: PickResult, { replayed }: { replayed: boolean }) => {
      // One call to the player's hub: it sends their frame first, then hands the activity to the relay, so the
      // public frame to every socket never queues ahead of their new balance (failures are logged, never thrown).
      const own = publishFromUser(c.env, { userId, messages: result.events }, replayed ? [] : [result.activity]);
      // A referrer paid by this pick may live in another database (no call when there is none).
      c.executionCtx.waitUntil(Promise.all([own, publishToUsers(c.env, result.others)]));
      return { status: 201 as const, body: result.body };
    };
    return withIdempotency(
      c,
      { userId, body },
      {
        run: (receipt) =>
          writeAsPlayer(c, async ({ referred, sessionGuard }) => {
            const result = await submitPick(
              c.var.data.player(userId),
              { userId, ...body, referred, sessionGuard, now: Date.now() },
              receipt,
            );
            if (result.paidReferrerId)
              c.executionCtx.waitUntil(sendReferrerBonus(c.var.data, userId, result.paidReferrerId));
            return answer(result, { replayed: false });
          }),
        replay: async (ref: PickRef) => {
          // The attempt that committed may have paid the friend's bonus and been cut off before it asked for the
          // referrer's; the consumer pays a referrer once, so asking again costs a message and loses nothing.
          const { referrerId } = await confirmSession(c);
          if (referrerId) c.executionCtx.waitUntil(sendReferrerBonus(c.var.data, userId, referrerId));
          return answer(await replayPick(c.var.data.player(userId), ref), { replayed: true });
        },
      },
    );
  })
  .openapi(listRoute, async (c) =>
    c.json(await readMyPicks(c.var.data, c.var.user.id, c.req.valid("query").cursor), 200),
  )
  .openapi(statsRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(await readPickStats(c.var.data.player(userId), userId), 200);
  })
  .openapi(pickRecordRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(await readPickRecord(c.var.data.player(userId), userId, Date.now(), c.req.valid("query").tz), 200);
  });

/** A streak is counted from the player's picks and their database's copies of the questions, where its maximum is kept too. */
export const streakRoutes = createRouter()
  .openapi(streakRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(await readStreak(c.var.data.player(userId), userId), 200);
  })
  .openapi(streakHistoryRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(await readStreakHistory(c.var.data.player(userId), userId, c.req.valid("query").cursor), 200);
  });
