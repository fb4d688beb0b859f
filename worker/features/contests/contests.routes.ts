import { createRoute, z } from "@hono/zod-openapi";
import { AppError } from "../../lib/errors";
import { withIdempotency } from "../../db/idempotency";
import { errorResponses, jsonContent, optionalSession, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { publishToUser } from "../../realtime/live-hubs";
import { readContest, readListedContests, viewContests } from "./contest-view";
import { contestSchema, joinResponseSchema } from "./contests.schemas";
import { joinContest, replayJoin, type Joined, type JoinRef } from "./join-contest.service";
import { exampleContest } from "./contests.examples";
import { exampleCredits } from "../credits/credits.examples";

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listContests",
  summary: "Running, upcoming and recently ended contests, with the viewer's entry",
  description:
    "For anyone: the contests running, coming up and recently ended, with their prizes and standings; with a " +
    "session, `me` is the viewer's own entry.",
  security: optionalSession,
  tags: ["Community"],
  responses: { 200: jsonContent(z.object({ items: z.array(contestSchema) }), { items: [exampleContest] }) },
});

const joinRoute = createRoute({
  method: "post",
  path: "/{id}/join",
  operationId: "joinContest",
  summary: "Join a contest, paying its entry fee",
  description:
    "For a signed-in player: enters a running contest, paying its entry fee from their balance; their winning picks " +
    "from then until it ends count. Send an `Idempotency-Key` to retry safely.",
  security: signedIn,
  tags: ["Community"],
  request: {
    params: z.object({ id: z.string().min(1).max(100) }),
    headers: z.object({ "idempotency-key": z.string().optional() }),
  },
  responses: {
    201: jsonContent(joinResponseSchema, { contest: exampleContest, credits: exampleCredits }, "Joined"),
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

export const contestRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json({ items: await readListedContests(c.var.data, c.var.user?.id ?? null, Date.now()) }, 200),
  )
  .openapi(joinRoute, async (c) => {
    const user = c.var.user;
    if (!user) throw new AppError("unauthorized", "Please sign in to join the contest");
    const contestId = c.req.valid("param").id;
    // A replay announces too: the attempt that committed never got as far.
    const answer = async ({ credits, events }: Joined) => {
      c.executionCtx.waitUntil(publishToUser(c.env, user.id, events));
      const row = await readContest(c.var.data.catalogue, contestId);
      const [contest] = await viewContests(c.var.data, row ? [row] : [], user.id, Date.now());
      if (!contest) throw new AppError("not_found", "Contest not found");
      return { status: 201 as const, body: { contest, credits } };
    };
    // A join has no body: the contest is in the path, which the fingerprint covers.
    return withIdempotency(
      c,
      { userId: user.id, body: null },
      {
        run: async (receipt) =>
          answer(await joinContest(c.var.data.player(user.id), contestId, user.id, Date.now(), receipt)),
        replay: async (ref: JoinRef) => answer(await replayJoin(c.var.data.player(user.id), ref)),
      },
    );
  });
