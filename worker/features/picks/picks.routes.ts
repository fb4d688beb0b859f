import { createRoute, z } from "@hono/zod-openapi";
import { PICKS_PAGE_SIZE } from "../../config";
import { decodeKeyset, encodeKeyset } from "../../lib/cursor";
import { withIdempotency } from "../../lib/idempotency";
import { broadcast, publishToUsers } from "../../realtime/live-shards";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../auth/auth.middleware";
import { PICK_COLUMNS, toPick, type PickRow } from "./pick-row";
import { pickStatsSchema, pickWithQuestionSchema, streakSchema, submitPickResponseSchema, submitPickSchema } from "./picks.schemas";
import { readPickStats, readStreak } from "./pick-stats.service";
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
  responses: { 201: jsonContent(submitPickResponseSchema, "Pick placed"), ...errorResponses(400, 401, 402, 404, 409, 422) },
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

type PickWithQuestionRow = PickRow & {
  q_title: string;
  q_deadline: number;
  q_image_url: string | null;
  q_sport_category: string | null;
  q_custom_category: string | null;
  q_answer_option_a: string;
  q_answer_option_b: string;
  q_outcome: "unresolved" | "A" | "B" | "over" | "under" | "void";
  q_updated_at: number;
};


export const pickRoutes = createRouter()
  .openapi(submitRoute, async (c) => {
    const body = c.req.valid("json");
    const userId = c.var.user!.id;
    // A replay announces too: the attempt that committed never got as far (live messages only refresh caches).
    const answer = (result: PickResult) => {
      const deliveries = [{ userId, messages: result.events }, ...result.others];
      // The player's own frames first: in a shared hub the public activity frame to every socket would queue ahead
      // of their new balance (both failures are logged, never thrown).
      c.executionCtx.waitUntil(publishToUsers(c.env, deliveries).then(() => broadcast(c.env, result.activity)));
      return { status: 201 as const, body: result.body };
    };
    return withIdempotency(c, userId, {
      run: async (receipt) => answer(await submitPick(c.env.DB, { userId, ...body, now: Date.now() }, receipt)),
      replay: async (ref: PickRef) => answer(await replayPick(c.env.DB, ref)),
    });
  })
  .openapi(listRoute, async (c) => {
    const userId = c.var.user!.id;
    const cursor = c.req.valid("query").cursor;
    const after = cursor ? decodeKeyset(cursor) : null;
    const { results } = await c.env.DB.prepare(
      `SELECT ${PICK_COLUMNS}, q.title AS q_title, q.deadline AS q_deadline, q.image_url AS q_image_url,
         q.sport_category AS q_sport_category, q.custom_category AS q_custom_category, q.answer_option_a AS q_answer_option_a,
         q.answer_option_b AS q_answer_option_b, q.outcome AS q_outcome, q.updated_at AS q_updated_at
       FROM user_picks p JOIN questions q ON q.id = p.question_id
       WHERE p.user_id = ?1 AND (?2 IS NULL OR p.created_at < ?2 OR (p.created_at = ?2 AND p.id < ?3))
       ORDER BY p.created_at DESC, p.id DESC LIMIT ?4`,
    )
      .bind(userId, after?.createdAt ?? null, after?.id ?? "", PICKS_PAGE_SIZE + 1)
      .all<PickWithQuestionRow>();
    const page = results.slice(0, PICKS_PAGE_SIZE);
    const last = page.at(-1);
    return c.json(
      {
        items: page.map((row) => ({
          ...toPick(row),
          question: {
            id: row.question_id,
            title: row.q_title,
            deadline: row.q_deadline,
            imageUrl: row.q_image_url,
            sportCategory: row.q_sport_category,
            customCategory: row.q_custom_category,
            answerOptionA: row.q_answer_option_a,
            answerOptionB: row.q_answer_option_b,
            outcome: row.q_outcome,
            updatedAt: row.q_updated_at,
          },
        })),
        nextCursor: results.length > PICKS_PAGE_SIZE && last ? encodeKeyset({ createdAt: last.created_at, id: last.id }) : null,
      },
      200,
    );
  })
  .openapi(statsRoute, async (c) => c.json(await readPickStats(c.env.DB, c.var.user!.id), 200));

export const streakRoutes = createRouter().openapi(streakRoute, async (c) => c.json(await readStreak(c.env.DB, c.var.user!.id), 200));
