import { and, eq } from "drizzle-orm";
import type { Context, TypedResponse } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";
import type { AppEnv } from "../env";
import { AppError } from "../lib/errors";
import { isBatchRefusal } from "./batch-guard";
import { createDb } from "./client";
import { idempotentResponses } from "./schema";

const KEY_PATTERN = /^[\w.:-]{1,200}$/;

/** A stored row with this status is a receipt: the effect committed, its answer is still to be written. */
const RECEIPT_STATUS = 0;

export type Outcome<Body = unknown, Status extends ContentfulStatusCode = ContentfulStatusCode> = {
  status: Status;
  body: Body;
};

/**
 * What a route answers: typed as its success, which is what the route's clients read. A stored answer or a refusal
 * is one of the route's documented error statuses, sent as they were.
 */
type SuccessResponse<Success extends Outcome> = Response &
  TypedResponse<JSONParsed<Success["body"]>, Success["status"], "json">;

/** Statements for the effect's own batch: they record that this key's effect happened, and `ref` to answer it again. */
export type Receipt<Ref> = (ref: Ref) => D1PreparedStatement[];

export type IdempotentHandler<Ref, Success extends Outcome> = {
  /** Moves the money. Put `receipt(ref)` in the batch that does it (it is empty without a key). */
  run: (receipt: Receipt<Ref>) => Promise<Success>;
  /** The success answer of an effect that committed under this key, rebuilt from its `ref`; moves nothing. */
  replay: (ref: Ref) => Promise<Success>;
};

/** The key's owner and the request it is used for. */
type Use = { userId: string; key: string; route: string; fingerprint: string };

const lookup = async (d1: D1Database, { userId, key }: Use) => {
  const r = idempotentResponses;
  const [stored] = await createDb(d1)
    .select({ route: r.route, fingerprint: r.fingerprint, status: r.status, body: r.body })
    .from(r)
    .where(and(eq(r.userId, userId), eq(r.idempotencyKey, key)));
  return stored ?? null;
};

type Stored = NonNullable<Awaited<ReturnType<typeof lookup>>>;

const INSERT = `INSERT INTO idempotent_responses (user_id, idempotency_key, route, fingerprint, status, body, created_at)
  VALUES (?, ?, ?, ?, ?, ?, ?)`;

/** Plain INSERT: a second batch under the same key fails on it, so one key never moves money twice. */
const receiptStatement = (d1: D1Database, use: Use, ref: unknown) =>
  d1
    .prepare(INSERT)
    .bind(use.userId, use.key, use.route, use.fingerprint, RECEIPT_STATUS, JSON.stringify(ref), Date.now());

/** Only a success replaces a receipt: a refusal that met a twin's commit must not hide that commit. */
const storeAnswer = (d1: D1Database, use: Use, { status, body }: Outcome) =>
  d1
    .prepare(
      `${INSERT} ON CONFLICT (user_id, idempotency_key) DO UPDATE SET status = excluded.status, body = excluded.body
       WHERE idempotent_responses.status = ${RECEIPT_STATUS} AND excluded.status < 300`,
    )
    .bind(use.userId, use.key, use.route, use.fingerprint, status, JSON.stringify(body), Date.now())
    .run();

/** Object keys in one order at every depth, so two spellings of one body read the same. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([name, inner]) => [name, canonical(inner)]));
};

/**
 * The validated body, not the raw text: it is what the handler acts on, so spacing, key order, unknown fields and
 * what the schema normalises (case, blanks) cannot make one request look like two.
 */
export const requestFingerprint = async (method: string, path: string, body: unknown) => {
  const text = `${method}\n${path}\n${JSON.stringify(canonical(body ?? null))}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
};

export const KEY_REUSED_MESSAGE = "This Idempotency-Key was already used with a different request.";

/** Rows from before fingerprints were stored say only which route they were for. */
const isSameRequest = (stored: Stored, use: Use) =>
  stored.fingerprint === null ? stored.route === use.route : stored.fingerprint === use.fingerprint;

/**
 * Money-moving POSTs honour `Idempotency-Key`: a repeat gets the first answer (success or a business refusal) and
 * moves nothing. The answer is stored after the handler; but the connection can drop after the handler's batch
 * committed and before anyone heard of it, so the batch itself carries a receipt (a plain INSERT of the key: a
 * second batch under the same key is refused by it). A repeat that finds a receipt rebuilds the success answer
 * with `replay`. A 5xx is never stored, so a client's retry after one runs again, or replays. A key belongs to the
 * request it was first used for (its fingerprint is stored with the receipt): the same key with another request
 * answers 422 and runs nothing, however the two race.
 */
export const withIdempotency = async <E extends AppEnv, Ref, Success extends Outcome>(
  c: Context<E>,
  { userId, body }: { userId: string; body: unknown },
  handler: IdempotentHandler<Ref, Success>,
): Promise<SuccessResponse<Success>> => {
  const respond = (outcome: Outcome) => c.json(outcome.body, outcome.status) as unknown as SuccessResponse<Success>;
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) return respond(await handler.run(() => []));
  if (!KEY_PATTERN.test(key)) throw new AppError("bad_request", "Invalid Idempotency-Key header");
  const { method, path } = c.req;
  const use = { userId, key, route: `${method} ${path}`, fingerprint: await requestFingerprint(method, path, body) };
  // The receipt joins the handler's batch, which moves the player's money in their database.
  const d1 = c.var.data.player(userId);

  const answer = async (stored: Stored): Promise<Outcome> => {
    if (!isSameRequest(stored, use)) throw new AppError("idempotency_key_reused", KEY_REUSED_MESSAGE);
    if (stored.status === RECEIPT_STATUS) return handler.replay(JSON.parse(stored.body) as Ref);
    return { status: stored.status as ContentfulStatusCode, body: JSON.parse(stored.body) as unknown };
  };

  const attempt = async () => {
    try {
      return await handler.run((ref) => [receiptStatement(d1, use, ref)]);
    } catch (error) {
      // A refusal (or a batch refused by a twin's receipt) may mean a concurrent twin committed first: answer what
      // it answered, or what it did.
      const refused = error instanceof AppError ? error.status < 500 : isBatchRefusal(error);
      const twin = refused ? await lookup(d1, use) : null;
      if (twin) return answer(twin);
      if (refused && error instanceof AppError) return { status: error.status, body: error.toBody() };
      throw error;
    }
  };

  const stored = await lookup(d1, use);
  if (stored && stored.status !== RECEIPT_STATUS) return respond(await answer(stored));
  const outcome = stored ? await answer(stored) : await attempt();
  if (outcome.status < 500) await storeAnswer(d1, use, outcome);
  return respond(outcome);
};
