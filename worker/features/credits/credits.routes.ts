import { createRoute, z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { afterKeyset, newestFirst } from "../../db/keyset";
import { creditSources, creditTransactions } from "../../db/schema";
import { decodeKeyset, page } from "../../lib/cursor";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../session/session.middleware";
import { creditsSchema } from "./credits.schemas";
import { exampleCredits } from "./credits.examples";
import { batchNamed } from "../../db/statement";
import { creditsStatement, toCredits } from "./credits-row";
import { ensureCreditsRow } from "./ledger.service";

const TRANSACTIONS_PAGE_SIZE = 50;

const transactionSchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    transactionType: z.string(),
    source: z.enum(creditSources),
    questionId: z.string().nullable(),
    description: z.string(),
    createdAt: z.number().int(),
  })
  .openapi("CreditTransaction");

const creditsRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getCredits",
  summary: "The player's balance and totals",
  description:
    "For the signed-in player: their balance, what they earned and spent in all, and how much of the balance is " +
    "winnings they may redeem.",
  security: signedIn,
  tags: ["Credits"],
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(creditsSchema, exampleCredits), ...errorResponses("unauthorized") },
});

const transactionsRoute = createRoute({
  method: "get",
  path: "/transactions",
  operationId: "listTransactions",
  summary: "The player's ledger, newest first",
  description:
    "For the signed-in player: a page of every movement of their credits, newest first. Pass the answer's " +
    "`nextCursor` as `cursor` for the next page.",
  security: signedIn,
  tags: ["Credits"],
  middleware: [requireUser] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(transactionSchema), nextCursor: z.string().nullable() }), {
      items: [
        {
          id: "e5a0c9d2-7b14-4f68-a3e1-9d2c0b7f5a46",
          amount: -10,
          transactionType: "spend",
          source: "purchased",
          questionId: "0b8e7c2a-5d41-4f3e-9c6b-2a7d1e0f4b93",
          description: "Pick",
          createdAt: 1767290400000,
        },
      ],
      nextCursor: null,
    }),
    ...errorResponses("validation_failed", "bad_request", "unauthorized"),
  },
});

export const creditsRoutes = createRouter()
  .openapi(creditsRoute, async (c) => {
    const userId = c.var.user.id;
    const now = Date.now();
    const d1 = c.var.data.player(userId);
    const { credits } = await batchNamed(d1, {
      ensure: ensureCreditsRow(d1, userId, now),
      credits: creditsStatement(d1, userId),
    });
    return c.json(toCredits(credits.results[0]), 200);
  })
  .openapi(transactionsRoute, async (c) => {
    const userId = c.var.user.id;
    const cursor = c.req.valid("query").cursor;
    const t = creditTransactions;
    const rows = await createDb(c.var.data.player(userId))
      .select({
        id: t.id,
        amount: t.amount,
        transactionType: t.transactionType,
        source: t.source,
        questionId: t.questionId,
        description: t.description,
        createdAt: t.createdAt,
      })
      .from(t)
      .where(and(eq(t.userId, userId), afterKeyset(t, cursor ? decodeKeyset(cursor) : null)))
      .orderBy(...newestFirst(t))
      .limit(TRANSACTIONS_PAGE_SIZE + 1);
    return c.json(page(rows, TRANSACTIONS_PAGE_SIZE), 200);
  });
