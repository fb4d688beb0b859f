import { createRoute, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { REDEMPTION_ERRORS as E } from "#shared/redemptions";
import { createDb } from "../../db/client";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { giftCardRedemptions } from "../../db/schema";
import type { AppEnv } from "../../env";
import type { AuthUser } from "../../lib/viewer";
import { decodeKeyset, page } from "../../lib/cursor";
import { edgeCountry } from "../../lib/edge-country";
import { withIdempotency } from "../../db/idempotency";
import { publishToUser } from "../../realtime/live-hubs";
import { sendCommittedEmails } from "../emails/email-sends";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { creditsSchema } from "../credits/credits.schemas";
import {
  createRedemption,
  readRedemption,
  type RedemptionRef,
  type RedemptionTarget,
} from "./create-redemption.service";
import { redemptionsQuery, toRedemption, withRewardNames } from "./redemption-row";
import { exampleCashOut, exampleRedemption } from "./redemptions.examples";
import { exampleCredits } from "../credits/credits.examples";
import {
  cashOutRequestSchema,
  giftCardRequestSchema,
  redemptionError,
  redemptionSchema,
  titledValidationHook,
} from "./redemptions.schemas";

const PAGE_SIZE = 50;

type Redeemer = { Variables: { user: AuthUser } };

/** The cash-out wording for visitors, used by every redemption route. */
const requireRedeemer: MiddlewareHandler<Redeemer> = async (c, next) => {
  if (!c.var.user) throw redemptionError("unauthorized", E.signIn);
  await next();
};

const idempotencyHeader = z.object({ "idempotency-key": z.string().optional() });
const createdResponse = (redemption: z.output<typeof redemptionSchema>) =>
  jsonContent(
    z.object({ redemption: redemptionSchema, credits: creditsSchema }),
    { redemption, credits: { ...exampleCredits, balance: 90, redeemable: 0 } },
    "Redemption pending",
  );
/** What a redemption can be refused for, beside its own request's rules. */
const REDEMPTION_ERRORS = [
  "validation_failed",
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "rule_violation",
  "insufficient_credits",
  "conflict",
  "idempotency_key_reused",
] as const;

const giftCardRoute = createRoute({
  method: "post",
  path: "/gift-card",
  operationId: "redeemGiftCard",
  summary: "Redeem winnings for a gift card",
  description:
    "For a signed-in player with redeemable winnings: asks for a gift card from the catalogue (GET /rewards) worth " +
    "the credits given, sent to `email` once an admin fulfils it; the credits are taken now. Errors carry a `title` " +
    "beside the message. Send an `Idempotency-Key` to retry safely.",
  security: signedIn,
  tags: ["Redemptions"],
  middleware: [requireRedeemer] as const,
  request: {
    body: jsonBody(giftCardRequestSchema, {
      rewardId: "amazon-us",
      credits: 50,
      email: "sam@example.com",
      ageConfirmed: true,
    }),
    headers: idempotencyHeader,
  },
  responses: { 201: createdResponse(exampleRedemption), ...errorResponses(...REDEMPTION_ERRORS) },
});

const cashOutRoute = createRoute({
  method: "post",
  path: "/cash-out",
  operationId: "redeemCashOut",
  summary: "Cash out winnings",
  description:
    "For a signed-in player with redeemable winnings: asks for a cash payout by card, Venmo or Cash App, paid once " +
    "an admin fulfils it; the credits are taken now. Errors carry a `title` beside the message. Send an " +
    "`Idempotency-Key` to retry safely.",
  security: signedIn,
  tags: ["Redemptions"],
  middleware: [requireRedeemer] as const,
  request: {
    body: jsonBody(cashOutRequestSchema, {
      amount: 50,
      method: "venmo",
      email: "sam@example.com",
      venmoUsername: "@sam-plays",
      ageConfirmed: true,
    }),
    headers: idempotencyHeader,
  },
  responses: { 201: createdResponse(exampleCashOut), ...errorResponses(...REDEMPTION_ERRORS) },
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listMyRedemptions",
  summary: "The player's redemptions, newest first",
  description:
    "For the signed-in player: a page of their gift cards and cash-outs with where each stands, newest first. Pass " +
    "the answer's `nextCursor` as `cursor` for the next page.",
  security: signedIn,
  tags: ["Redemptions"],
  middleware: [requireRedeemer] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(redemptionSchema), nextCursor: z.string().nullable() }), {
      items: [exampleRedemption],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized"),
  },
});

/** `body` is the validated request, the Idempotency-Key's fingerprint; `input` is what it asks for. */
const redeem = (
  c: Context<AppEnv & Redeemer>,
  body: unknown,
  input: { credits: number; email: string; target: RedemptionTarget },
) => {
  const userId = c.var.user.id;
  const answer = async (result: Awaited<ReturnType<typeof readRedemption>>, announce: boolean) => {
    if (announce) {
      // The email was kept in the redemption's batch; a replay asks again, in case the committing attempt never did.
      await sendCommittedEmails(c, [userId]);
      c.executionCtx.waitUntil(publishToUser(c.env, userId, [{ type: "credits", data: result.credits }]));
    }
    return { status: 201 as const, body: { redemption: result.redemption, credits: result.credits } };
  };
  return withIdempotency(
    c,
    { userId, body },
    {
      run: async (receipt) => {
        const request = {
          userId,
          ...input,
          edgeCountry: edgeCountry(c.var.settings, c.req.raw),
          requestKey: c.req.header("Idempotency-Key"),
          now: Date.now(),
          appUrl: c.var.settings.APP_URL,
        };
        const result = await createRedemption(c.var.data, request, receipt);
        return answer(result, result.created);
      },
      // A replay announces it: the attempt that committed never got to.
      replay: async (ref: RedemptionRef) => answer(await readRedemption(c.var.data, ref), true),
    },
  );
};

const cashOutHandle = (body: z.infer<typeof cashOutRequestSchema>) =>
  body.method === "venmo" ? (body.venmoUsername ?? null) : body.method === "cashapp" ? (body.cashTag ?? null) : null;

export const redemptionRoutes = createRouter()
  .openapi(
    giftCardRoute,
    async (c) => {
      const body = c.req.valid("json");
      return redeem(c, body, {
        credits: body.credits,
        email: body.email,
        target: { kind: "gift_card", rewardId: body.rewardId },
      });
    },
    titledValidationHook,
  )
  .openapi(
    cashOutRoute,
    async (c) => {
      const body = c.req.valid("json");
      const target = { kind: "cash_out" as const, method: body.method, handle: cashOutHandle(body) };
      return redeem(c, body, { credits: body.amount, email: body.email, target });
    },
    titledValidationHook,
  )
  .openapi(listRoute, async (c) => {
    const { cursor } = c.req.valid("query");
    const after = cursor ? decodeKeyset(cursor) : null;
    const userId = c.var.user.id;
    const rows = await redemptionsQuery(createDb(c.var.data.player(userId)))
      .where(and(eq(giftCardRedemptions.userId, userId), afterKeyset(giftCardRedemptions, after)))
      .orderBy(...newestFirst(giftCardRedemptions))
      .limit(PAGE_SIZE + 1);
    return c.json(page(await withRewardNames(c.var.data, rows.map(toRedemption)), PAGE_SIZE), 200);
  });
