import { createRoute, z } from "@hono/zod-openapi";
import { ADMIN_PAGE_SIZE } from "../../config";
import { createDb } from "../../db/client";
import { decodeKeyset, page } from "../../lib/cursor";
import { adminOnly, errorResponses, jsonBody, jsonContent } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { publishToUser } from "../../realtime/live-hubs";
import { requireAdmin } from "../session/session.middleware";
import {
  adjustCreditsSchema,
  adjustmentResultSchema,
  playerDetailSchema,
  playerIdParams,
  playerListQuerySchema,
  playerSummarySchema,
} from "./admin-players.schemas";
import { adjustCredits, listPlayers, readPlayer } from "./admin-players.service";
import { exampleAdjustment, exampleLedgerEntry, examplePlayer, examplePlayerSummary } from "./admin-players.examples";

const listRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "listPlayers",
  summary: "Players newest first, searched by email or username",
  description:
    "For admins supporting players: a page of the accounts, newest first, by a search of email or username. Pass " +
    "the answer's `nextCursor` as `cursor` for the next page.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { query: playerListQuerySchema },
  responses: {
    200: jsonContent(z.object({ items: z.array(playerSummarySchema), nextCursor: z.string().nullable() }), {
      items: [examplePlayerSummary],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized", "forbidden"),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/{id}",
  operationId: "getPlayer",
  summary: "One player: credits, ledger, picks, redemptions and the audit entries about them",
  description:
    "For admins supporting a player: their account, balance, latest ledger rows, picks and redemptions, and the " +
    "audit entries about them.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { params: playerIdParams },
  responses: {
    200: jsonContent(playerDetailSchema, examplePlayer),
    ...errorResponses("validation_failed", "unauthorized", "forbidden", "not_found"),
  },
});

const adjustRoute = createRoute({
  method: "post",
  path: "/{id}/credits",
  operationId: "adjustCredits",
  summary: "Award or deduct a player's credits, with a reason kept in the audit log",
  description:
    "For admins: awards credits (never redeemable) or deducts them (never below zero), with a reason kept in the " +
    "audit log. `adjustmentId` is made once per form: sending it again moves nothing and answers `duplicate: true`.",
  security: adminOnly,
  tags: ["Admin"],
  middleware: [requireAdmin] as const,
  request: { params: playerIdParams, body: jsonBody(adjustCreditsSchema, exampleAdjustment) },
  responses: {
    200: jsonContent(adjustmentResultSchema, {
      transaction: exampleLedgerEntry,
      credits: examplePlayer.credits,
      duplicate: false,
    }),
    ...errorResponses(
      "validation_failed",
      "unauthorized",
      "forbidden",
      "not_found",
      "insufficient_credits",
      "conflict",
    ),
  },
});

export const adminPlayerRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { q, cursor } = c.req.valid("query");
    const rows = await listPlayers(
      createDb(c.var.data.catalogue),
      q,
      cursor ? decodeKeyset(cursor) : null,
      ADMIN_PAGE_SIZE + 1,
    );
    return c.json(page(rows, ADMIN_PAGE_SIZE), 200);
  })
  .openapi(getRoute, async (c) => c.json(await readPlayer(c.var.data, c.req.valid("param").id), 200))
  .openapi(adjustRoute, async (c) => {
    const userId = c.req.valid("param").id;
    const result = await adjustCredits(c.var.data, {
      ...c.req.valid("json"),
      userId,
      adminId: c.var.user.id,
      now: Date.now(),
    });
    if (!result.duplicate) {
      // The player's open screens show the new balance and the movement, as for any other credit change.
      c.executionCtx.waitUntil(
        publishToUser(c.env, userId, [
          { type: "credits", data: result.credits },
          { type: "transaction", data: result.transaction },
        ]),
      );
    }
    return c.json(result, 200);
  });
