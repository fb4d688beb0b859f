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
import { examplePick, examplePickStats, examplePickWithQuestion, exampleSubmitPick } from "./picks.examples";
import { exampleCredits } from "../credits/credits.examples";
import { pickRecordRoute, readPickRecord } from "./pick-record";
import { readPickStats, readStreak } from "./pick-stats.service";
import { readStreakHistory, streakHistoryRoute } from "./streak-history";
import { replayPick, submitPick, type PickRef, type PickResult } from "./submit-pick.service";

const submitRoute = createRoute({
  method: "post",
  path: "/",
  operationId: "submitPick",
  summary: "Pick an answer, spending the question's credit cost times the multiplier",
  description:
    "For a signed-in player: picks an answer on an open question, spending its credit cost times the multiplier; a " +
    "win pays back the potential payout. Send an `Idempotency-Key` to retry safely: a repeat answers the first time's " +
    "answer and spends nothing.",
  security: signedIn,
  tags: ["Picks"],
  middleware: [checksSessionInBatch, requireClaims] as const,
  request: {
    body: jsonBody(submitPickSchema, exampleSubmitPick),
    headers: z.object({ "idempotency-key": z.string().optional() }),
  },
  responses: {
    201: jsonContent(submitPickResponseSchema, { pick: examplePick, credits: exampleCredits }, "Pick placed"),
    ...errorResponses(
      "validation_failed",
      "bad_request",
      "unauthorized",
      "insufficient_credits",
      "forbidden",
      "not_found",
      "duplicate",
      "conflict",
      "rule_violation",
      "idempotency_key_reused",
    ),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listMyPicks",
  summary: "The player's picks with their questions, newest first",
  description:
    "For the signed-in player's My Picks: a page of their picks, newest first, each with its question and result. " +
    "Pass the answer's `nextCursor` as `cursor` for the next page.",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(pickWithQuestionSchema), nextCursor: z.string().nullable() }), {
      items: [examplePickWithQuestion],
      nextCursor: "WzE3NjcyOTA0MDAwMDAsIjdkM2YxYjZlLThhMmMtNGU1OS1iMGQ0LTZjMWU5ZjJhN2IzOCJd",
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized"),
  },
});

const statsRoute = createRoute({
  method: "get",
  path: "/stats",
  operationId: "getPickStats",
  summary: "The player's pick totals and win rate",
  description: "For the signed-in player's profile: how many picks they made, spent and won, and their win rate.",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(pickStatsSchema, examplePickStats), ...errorResponses("unauthorized") },
});

const streakRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getStreak",
  summary: "The player's current and best streak",
  description: "For the signed-in player: the wins in a row they are on now, and their best run.",
  security: signedIn,
  tags: ["Picks"],
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(streakSchema, { currentStreak: 3, maxStreak: 7 }),
    ...errorResponses("unauthorized"),
  },
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
      if (!replayed) {
        const { questionId, creditsSpent, multiplier } = result.body.pick;
        c.var.data.metrics.write({ event: "pick", questionId, credits: creditsSpent, multiplier });
      }
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
