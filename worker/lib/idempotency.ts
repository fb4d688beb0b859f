import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env";
import { AppError } from "./errors";

const KEY_PATTERN = /^[\w.:-]{1,200}$/;

type Outcome = { status: ContentfulStatusCode; body: unknown };

const lookup = (d1: D1Database, userId: string, key: string) =>
  d1
    .prepare("SELECT route, status, body FROM idempotent_responses WHERE user_id = ? AND idempotency_key = ?")
    .bind(userId, key)
    .first<{ route: string; status: number; body: string }>();

/**
 * Money-moving POSTs honour `Idempotency-Key`: the first answer (success or a business refusal) is stored and
 * a repeat gets it again without running the handler. The handler's own idempotency keys in the ledger are what
 * keep money safe when two repeats race; this layer makes the repeat see the same answer.
 */
export const withIdempotency = async <E extends AppEnv>(c: Context<E>, userId: string, run: () => Promise<Outcome>) => {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) {
    const { status, body } = await run();
    return c.json(body, status);
  }
  if (!KEY_PATTERN.test(key)) throw new AppError("bad_request", "Invalid Idempotency-Key header");
  const route = `${c.req.method} ${c.req.path}`;

  const stored = await lookup(c.env.DB, userId, key);
  if (stored) {
    if (stored.route !== route) throw new AppError("conflict", "This Idempotency-Key was used for another request");
    return c.json(JSON.parse(stored.body) as unknown, stored.status as ContentfulStatusCode);
  }

  let outcome: Outcome;
  try {
    outcome = await run();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // A concurrent twin may have finished first: answer what it answered.
    const twin = await lookup(c.env.DB, userId, key);
    if (twin && twin.route === route) return c.json(JSON.parse(twin.body) as unknown, twin.status as ContentfulStatusCode);
    outcome = { status: error.status, body: error.toBody() };
  }
  await c.env.DB.prepare(
    `INSERT INTO idempotent_responses (user_id, idempotency_key, route, status, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, idempotency_key) DO NOTHING`,
  )
    .bind(userId, key, route, outcome.status, JSON.stringify(outcome.body), Date.now())
    .run();
  return c.json(outcome.body, outcome.status);
};
