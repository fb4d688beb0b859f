import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isBatchRefusal } from "../db/batch-guard";
import type { AppEnv } from "../env";
import { AppError } from "./errors";

const KEY_PATTERN = /^[\w.:-]{1,200}$/;

/** A stored row with this status is a receipt: the effect committed, its answer is still to be written. */
const RECEIPT_STATUS = 0;

export type Outcome = { status: ContentfulStatusCode; body: unknown };

/** Statements for the effect's own batch: they record that this key's effect happened, and `ref` to answer it again. */
export type Receipt<Ref> = (ref: Ref) => D1PreparedStatement[];

export type IdempotentHandler<Ref> = {
  /** Moves the money. Put `receipt(ref)` in the batch that does it (it is empty without a key). */
  run: (receipt: Receipt<Ref>) => Promise<Outcome>;
  /** The success answer of an effect that committed under this key, rebuilt from its `ref`; moves nothing. */
  replay: (ref: Ref) => Promise<Outcome>;
};

type Stored = { route: string; status: number; body: string };

const lookup = (d1: D1Database, userId: string, key: string) =>
  d1
    .prepare("SELECT route, status, body FROM idempotent_responses WHERE user_id = ? AND idempotency_key = ?")
    .bind(userId, key)
    .first<Stored>();

const INSERT = "INSERT INTO idempotent_responses (user_id, idempotency_key, route, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?)";

/** Plain INSERT: a second batch under the same key fails on it, so one key never moves money twice. */
const receiptStatement = (d1: D1Database, userId: string, key: string, route: string, ref: unknown) =>
  d1.prepare(INSERT).bind(userId, key, route, RECEIPT_STATUS, JSON.stringify(ref), Date.now());

/** Only a success replaces a receipt: a refusal that met a twin's commit must not hide that commit. */
const storeAnswer = (d1: D1Database, userId: string, key: string, route: string, { status, body }: Outcome) =>
  d1
    .prepare(
      `${INSERT} ON CONFLICT (user_id, idempotency_key) DO UPDATE SET status = excluded.status, body = excluded.body
       WHERE idempotent_responses.status = ${RECEIPT_STATUS} AND excluded.status < 300`,
    )
    .bind(userId, key, route, status, JSON.stringify(body), Date.now())
    .run();

/**
 * Money-moving POSTs honour `Idempotency-Key`: a repeat gets the first answer (success or a business refusal) and
 * moves nothing. The answer is stored after the handler; but the connection can drop after the handler's batch
 * committed and before anyone heard of it, so the batch itself carries a receipt (a plain INSERT of the key: a
 * second batch under the same key is refused by it). A repeat that finds a receipt rebuilds the success answer
 * with `replay`. A 5xx is never stored, so a client's retry after one runs again, or replays.
 */
export const withIdempotency = async <E extends AppEnv, Ref>(c: Context<E>, userId: string, handler: IdempotentHandler<Ref>) => {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) {
    const { status, body } = await handler.run(() => []);
    return c.json(body, status);
  }
  if (!KEY_PATTERN.test(key)) throw new AppError("bad_request", "Invalid Idempotency-Key header");
  const route = `${c.req.method} ${c.req.path}`;
  const d1 = c.env.DB;

  const answer = async (stored: Stored): Promise<Outcome> => {
    if (stored.route !== route) throw new AppError("conflict", "This Idempotency-Key was used for another request");
    if (stored.status === RECEIPT_STATUS) return handler.replay(JSON.parse(stored.body) as Ref);
    return { status: stored.status as ContentfulStatusCode, body: JSON.parse(stored.body) as unknown };
  };

  const attempt = async () => {
    try {
      return await handler.run((ref) => [receiptStatement(d1, userId, key, route, ref)]);
    } catch (error) {
      // A refusal (or a batch refused by a twin's receipt) may mean a concurrent twin committed first: answer what
      // it answered, or what it did.
      const refused = error instanceof AppError ? error.status < 500 : isBatchRefusal(error);
      const twin = refused ? await lookup(d1, userId, key) : null;
      if (twin) return answer(twin);
      if (refused && error instanceof AppError) return { status: error.status, body: error.toBody() };
      throw error;
    }
  };

  const stored = await lookup(d1, userId, key);
  if (stored && stored.status !== RECEIPT_STATUS) {
    const { status, body } = await answer(stored);
    return c.json(body, status);
  }
  const outcome = stored ? await answer(stored) : await attempt();
  if (outcome.status < 500) await storeAnswer(d1, userId, key, route, outcome);
  return c.json(outcome.body, outcome.status);
};
