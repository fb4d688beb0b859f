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

const DAY_MS = 86_400_000;
const NOW = 1767225600000;
const examplePlay = {
  limits: [
    { kind: "spend", period: "week", amount: 200, used: 45, pending: null },
    {
      kind: "purchase",
      period: "month",
      amount: 5000,
      used: 999,
      pending: { amount: null, effectiveAt: NOW + DAY_MS },
    },
  ],
  breakUntil: null,
  exclusion: null,
} satisfies z.output<typeof playSchema>;

/** Every operation answers the player's whole settings as they stand after it. */
const answer = (example: z.output<typeof playSchema> = examplePlay) => ({ 200: jsonContent(playSchema, example) });

const common = { security: signedIn, tags: ["Responsible play"] };

const readRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getResponsiblePlay",
  summary: "The player's limits with their use, break and self-exclusion",
  description:
    "For the signed-in player: the spend and purchase limits they set, with what they used in each period and any " +
    "change still waiting, and their break or self-exclusion.",
  ...common,
  middleware: [requireUser] as const,
  responses: { ...answer(), ...errorResponses("unauthorized") },
});

const limitRoute = createRoute({
  method: "put",
  path: "/limits",
  operationId: "setPlayLimit",
  summary: "Set or remove a limit: lower at once, higher or none after 24 hours",
  description:
    "For the signed-in player: sets a daily, weekly or monthly limit on credits spent or money spent on purchases, " +
    "or removes it (`amount: null`). A lower limit holds at once; a higher one, or none, only after 24 hours.",
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
      { kind: "spend", period: "week", amount: 200 },
    ),
  },
  responses: { ...answer(), ...errorResponses("validation_failed", "unauthorized") },
});

const breakRoute = createRoute({
  method: "post",
  path: "/break",
  operationId: "takeBreak",
  summary: "Take a break from picks, purchases and challenges",
  description:
    "For the signed-in player: no picks, purchases or challenges for a day, a week or 30 days, starting now; a break " +
    "can be lengthened but never cut short. A subscription pauses with it.",
  ...common,
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(
      z.object({ length: z.enum(Object.keys(BREAKS) as [keyof typeof BREAKS], { error: "Invalid break" }) }),
      { length: "7d" },
    ),
  },
  responses: {
    ...answer({ ...examplePlay, breakUntil: NOW + 7 * DAY_MS }),
    ...errorResponses("validation_failed", "unauthorized"),
  },
});

const excludeRoute = createRoute({
  method: "post",
  path: "/self-exclusion",
  operationId: "selfExclude",
  summary: "Exclude yourself from play for 6 months or for good",
  description:
    "For the signed-in player: no play for six months or for good, starting now; it can be lengthened, never " +
    "shortened, and a subscription ends with it.",
  ...common,
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(
      z.object({
        length: z.enum(Object.keys(EXCLUSIONS) as [keyof typeof EXCLUSIONS], { error: "Invalid self-exclusion" }),
      }),
      { length: "6m" },
    ),
  },
  responses: {
    ...answer({ ...examplePlay, exclusion: { until: NOW + 182 * DAY_MS, permanent: false, endsAt: null } }),
    ...errorResponses("validation_failed", "unauthorized"),
  },
});

const endExclusionRoute = createRoute({
  method: "post",
  path: "/self-exclusion/end",
  operationId: "endSelfExclusion",
  summary: "Ask to come back after a self-exclusion has run: play returns 24 hours later",
  description:
    "For a signed-in player whose timed self-exclusion has run its course: asks to play again, which happens 24 " +
    "hours later. Refused while the exclusion runs, or when it is permanent.",
  ...common,
  middleware: [requireUser] as const,
  responses: {
    ...answer({ ...examplePlay, exclusion: { until: NOW, permanent: false, endsAt: NOW + DAY_MS } }),
    ...errorResponses("unauthorized", "rule_violation"),
  },
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
