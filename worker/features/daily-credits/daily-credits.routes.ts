import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { timeZoneOffsetSchema } from "../../lib/time-zone";
import { publishToUser } from "../../realtime/live-hubs";
import { requireUser } from "../session/session.middleware";
import { creditsSchema } from "../credits/credits.schemas";
import { claimDailyCredits, readDailyCredits } from "./daily-credits.service";
import { exampleCredits } from "../credits/credits.examples";

const statusSchema = z
  .object({
    day: z.string().openapi({ description: "The player's calendar day (YYYY-MM-DD) in their time zone" }),
    available: z.boolean(),
    amount: z.number().int().openapi({ description: "What the next claim pays" }),
    streak: z.number().int().openapi({ description: "Consecutive days claimed, counting a claim available today" }),
    nextClaimAt: z.number().int().nullable().openapi({
      description:
        "When the next claim opens (ms since the epoch): a new day in the zone of the day's first claim and in this one, 20 hours after the last claim; null while one is open",
    }),
  })
  .openapi("DailyCredits");

const claimedSchema = z
  .object({
    amount: z.number().int(),
    streak: z.number().int(),
    day: z.string(),
    nextClaimAt: z.number().int().openapi({ description: "When the next claim opens (ms since the epoch)" }),
    credits: creditsSchema,
  })
  .openapi("DailyCreditsClaimed");

const statusRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getDailyCredits",
  summary: "Whether today's free credits can be claimed, and how many",
  description:
    "For the signed-in player: whether today's free credits wait to be claimed in their time zone, what the claim " +
    "pays (it grows with a run of days claimed) and when the next one opens.",
  security: signedIn,
  tags: ["Credits"],
  middleware: [requireUser] as const,
  request: { query: z.object({ tz: timeZoneOffsetSchema }) },
  responses: {
    200: jsonContent(statusSchema, { day: "2026-11-29", available: true, amount: 15, streak: 3, nextClaimAt: null }),
    ...errorResponses("validation_failed", "unauthorized"),
  },
});

const claimRoute = createRoute({
  method: "post",
  path: "/claim",
  operationId: "claimDailyCredits",
  summary: "Claim today's free credits (once per calendar day in the player's time zone, at most once in 20 hours)",
  description:
    "For the signed-in player: adds today's free credits to their balance. Refused when already claimed (with " +
    "`nextClaimAt`), during a break or self-exclusion, and for accounts that may not claim.",
  security: signedIn,
  tags: ["Credits"],
  middleware: [requireUser] as const,
  request: { body: jsonBody(z.object({ tz: timeZoneOffsetSchema }).openapi("DailyCreditsClaim"), { tz: 300 }) },
  responses: {
    200: jsonContent(
      claimedSchema,
      {
        amount: 15,
        streak: 3,
        day: "2026-11-29",
        nextClaimAt: 1764478800000,
        credits: { ...exampleCredits, balance: exampleCredits.balance + 15 },
      },
      "Credits added",
    ),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "conflict"),
  },
});

export const dailyCreditsRoutes = createRouter()
  .openapi(statusRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(await readDailyCredits(c.var.data.player(userId), userId, Date.now(), c.req.valid("query").tz), 200);
  })
  .openapi(claimRoute, async (c) => {
    const userId = c.var.user.id;
    const now = Date.now();
    // The claim row, the grant and the checks on the account and its breaks are all the player's: one database, one batch.
    const { transactionId, ...claimed } = await claimDailyCredits(c.var.data.player(userId), {
      userId,
      now,
      tz: c.req.valid("json").tz,
    });
    // The balance animates with the daily_free timing on every open screen of the player's.
    c.executionCtx.waitUntil(
      publishToUser(c.env, userId, [
        { type: "credits", data: claimed.credits },
        {
          type: "transaction",
          data: {
            id: transactionId,
            amount: claimed.amount,
            transactionType: "daily_free",
            description: "Daily free credits",
            createdAt: now,
          },
        },
      ]),
    );
    return c.json(claimed, 200);
  });
