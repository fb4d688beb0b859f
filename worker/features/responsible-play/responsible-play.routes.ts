import { createRoute, z } from "@hono/zod-openapi";
import { limitKinds, limitPeriods } from "../../db/schema";
import { errorResponses, jsonBody, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../session/session.middleware";
import { holdSubscriptionsForPlayer } from "../payments/subscription-holds";
import {
  BREAKS,
  endExclusion,
  EXCLUSIONS,
  readPlay,
  selfExclude,
  setLimit,
  startBreak,
} from "./responsible-play.service";

const MAX_LIMIT = 100_000_000;
const LIMIT_MESSAGE = "Limit must be a whole number of at least 1, or empty for no limit";

const limitSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  amount: z
    .number()
    .int()
    .nullable()
    .openapi({ description: "Credits (spend) or US cents (purchase); null: no limit" }),
  used: z.number().int().openapi({ description: "Spent or bought in the period's last 24 hours, 7 or 30 days" }),
  pending: z.object({ amount: z.number().int().nullable(), effectiveAt: z.number().int() }).nullable(),
});

const playSchema = z
  .object({
    limits: z.array(limitSchema),
    breakUntil: z.number().int().nullable(),
    exclusion: z
      .object({ until: z.number().int().nullable(), permanent: z.boolean(), endsAt: z.number().int().nullable() })
      .nullable(),
  })
  .openapi("ResponsiblePlay");

const answer = { 200: jsonContent(playSchema), ...errorResponses(400, 401, 422) };

const common = { security: signedIn, tags: ["Responsible play"] };

const readRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getResponsiblePlay",
  summary: "The player's limits with their use, break and self-exclusion",
  ...common,
  middleware: [requireUser] as const,
  responses: answer,
});

const limitRoute = createRoute({
  method: "put",
  path: "/limits",
  operationId: "setPlayLimit",
  summary: "Set or remove a limit: lower at once, higher or none after 24 hours",
  ...common,
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(
      z.object({
        kind: z.enum(limitKinds, { error: "Invalid limit" }),
        period: z.enum(limitPeriods, { error: "Invalid limit" }),
        amount: z
          .number({ error: LIMIT_MESSAGE })
          .int(LIMIT_MESSAGE)
          .min(1, LIMIT_MESSAGE)
          .max(MAX_LIMIT, LIMIT_MESSAGE)
          .nullable(),
      }),
    ),
  },
  responses: answer,
});

const breakRoute = createRoute({
  method: "post",
  path: "/break",
  operationId: "takeBreak",
  summary: "Take a break from picks, purchases and challenges",
  ...common,
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(
      z.object({ length: z.enum(Object.keys(BREAKS) as [keyof typeof BREAKS], { error: "Invalid break" }) }),
    ),
  },
  responses: answer,
});

const excludeRoute = createRoute({
  method: "post",
  path: "/self-exclusion",
  operationId: "selfExclude",
  summary: "Exclude yourself from play for 6 months or for good",
  ...common,
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(
      z.object({
        length: z.enum(Object.keys(EXCLUSIONS) as [keyof typeof EXCLUSIONS], { error: "Invalid self-exclusion" }),
      }),
    ),
  },
  responses: answer,
});

const endExclusionRoute = createRoute({
  method: "post",
  path: "/self-exclusion/end",
  operationId: "endSelfExclusion",
  summary: "Ask to come back after a self-exclusion has run: play returns 24 hours later",
  ...common,
  middleware: [requireUser] as const,
  responses: answer,
});

/** Limits, breaks and exclusions are the player's, in their database, where the pick and checkout batches check them. */
export const responsiblePlayRoutes = createRouter()
  .openapi(readRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(await readPlay(c.var.data.player(userId), userId, Date.now()), 200);
  })
  .openapi(limitRoute, async (c) => {
    const userId = c.var.user.id;
    const { kind, period, amount } = c.req.valid("json");
    return c.json(await setLimit(c.var.data.player(userId), userId, kind, period, amount, Date.now()), 200);
  })
  // Renewals are purchases too: a break pauses the player's subscription, a self-exclusion ends it.
  .openapi(breakRoute, async (c) => {
    const userId = c.var.user.id;
    const [d1, now] = [c.var.data.player(userId), Date.now()];
    const view = await startBreak(d1, userId, c.req.valid("json").length, now);
    await holdSubscriptionsForPlayer(d1, c.var.settings, userId, now);
    return c.json(view, 200);
  })
  .openapi(excludeRoute, async (c) => {
    const userId = c.var.user.id;
    const [d1, now] = [c.var.data.player(userId), Date.now()];
    const view = await selfExclude(d1, userId, c.req.valid("json").length, now);
    await holdSubscriptionsForPlayer(d1, c.var.settings, userId, now);
    return c.json(view, 200);
  })
  .openapi(endExclusionRoute, async (c) => {
    const userId = c.var.user.id;
    return c.json(await endExclusion(c.var.data.player(userId), userId, Date.now()), 200);
  });
