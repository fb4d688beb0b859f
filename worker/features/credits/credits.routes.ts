import { createRoute, z } from "@hono/zod-openapi";
import { decodeKeyset, encodeKeyset } from "../../lib/cursor";
import { errorResponses, jsonContent, signedIn } from "../../lib/openapi";
import { createRouter } from "../../lib/router";
import { requireUser } from "../auth/auth.middleware";
import { creditsSchema } from "../me/me.schemas";
import { batchNamed } from "../../db/statement";
import { creditsStatement, toCredits } from "../picks/pick-row";
import { ensureCreditsRow } from "./ledger.service";

const TRANSACTIONS_PAGE_SIZE = 50;

const transactionSchema = z
  .object({
    id: z.string(),
    amount: z.number().int(),
    transactionType: z.string(),
    source: z.enum(["purchased", "bonus", "winnings"]),
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
  security: signedIn,
  tags: ["Credits"],
  middleware: [requireUser] as const,
  responses: { 200: jsonContent(creditsSchema), ...errorResponses(401) },
});

const transactionsRoute = createRoute({
  method: "get",
  path: "/transactions",
  operationId: "listTransactions",
  summary: "The player's ledger, newest first",
  security: signedIn,
  tags: ["Credits"],
  middleware: [requireUser] as const,
  request: { query: z.object({ cursor: z.string().max(200).optional() }) },
  responses: {
    200: jsonContent(z.object({ items: z.array(transactionSchema), nextCursor: z.string().nullable() })),
    ...errorResponses(400, 401),
  },
});

type TransactionRow = {
  id: string;
  amount: number;
  transaction_type: string;
  source: "purchased" | "bonus" | "winnings";
  question_id: string | null;
  description: string;
  created_at: number;
};

export const creditsRoutes = createRouter()
  .openapi(creditsRoute, async (c) => {
    const userId = c.var.user!.id;
    const now = Date.now();
    const { credits } = await batchNamed(c.env.DB, {
      ensure: ensureCreditsRow(c.env.DB, userId, now),
      credits: creditsStatement(c.env.DB, userId),
    });
    return c.json(toCredits(credits.results[0]), 200);
  })
  .openapi(transactionsRoute, async (c) => {
    const cursor = c.req.valid("query").cursor;
    const after = cursor ? decodeKeyset(cursor) : null;
    const { results } = await c.env.DB.prepare(
      `SELECT id, amount, transaction_type, source, question_id, description, created_at FROM credit_transactions
       WHERE user_id = ?1 AND (?2 IS NULL OR created_at < ?2 OR (created_at = ?2 AND id < ?3))
       ORDER BY created_at DESC, id DESC LIMIT ?4`,
    )
      .bind(c.var.user!.id, after?.createdAt ?? null, after?.id ?? "", TRANSACTIONS_PAGE_SIZE + 1)
      .all<TransactionRow>();
    const page = results.slice(0, TRANSACTIONS_PAGE_SIZE);
    const last = page.at(-1);
    return c.json(
      {
        items: page.map((row) => ({
          id: row.id,
          amount: row.amount,
          transactionType: row.transaction_type,
          source: row.source,
          questionId: row.question_id,
          description: row.description,
          createdAt: row.created_at,
        })),
        nextCursor: results.length > TRANSACTIONS_PAGE_SIZE && last ? encodeKeyset({ createdAt: last.created_at, id: last.id }) : null,
      },
      200,
    );
  });
