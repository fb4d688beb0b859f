/**
 * The bench's baselines: `/hello` is the least a worker can do, `/d1` the least a D1 read can cost (one row by
 * primary key from a small table). No framework, no middleware, no validation. `/shard-pick?shards=N` writes a
 * pick-shaped batch (pick-batch.ts) to one of N user shards and `/shard-batches` reports and resets how many each
 * shard took, for the shards scenario.
 */

import { pickBatch } from "./pick-batch";

// Only what this worker calls, so it typechecks without the Workers types.
type Bound = { first: () => Promise<Record<string, unknown> | null> };
type Statement = { bind: (...values: unknown[]) => Bound };
type Database = { prepare: (sql: string) => Statement; batch: (statements: Bound[]) => Promise<unknown[]> };
type BaselineEnv = Record<"DB" | "SHARD_0" | "SHARD_1" | "SHARD_2" | "SHARD_3", Database>;

const ITEMS = 100;
const SHARD_PLAYERS = 10_000;
const SHARD_QUESTIONS = 500;
const SHARDS = ["SHARD_0", "SHARD_1", "SHARD_2", "SHARD_3"] as const;

/** Batches per shard since the last /shard-batches; one isolate serves the bench. */
const batches = SHARDS.map(() => 0);
let picks = 0;

/**
 * Pick n is player n % P's pick on question n / P: never the same pair twice in a bench run. The player's shard is
 * their number modulo the shard count, so every shard takes an equal share.
 */
const shardPick = async (env: BaselineEnv, shards: number) => {
  const n = picks++;
  const player = n % SHARD_PLAYERS;
  const shard = player % shards;
  const db = env[SHARDS[shard]!];
  const statements = pickBatch(
    String(n),
    `u${player}`,
    `q${Math.floor(n / SHARD_PLAYERS) % SHARD_QUESTIONS}`,
    Date.now(),
  );
  await db.batch(statements.map(({ sql, args }) => db.prepare(sql).bind(...args)));
  batches[shard] = (batches[shard] ?? 0) + 1;
  return new Response("ok");
};

const handler = {
  async fetch(request: Request, env: BaselineEnv): Promise<Response> {
    const { pathname, searchParams } = new URL(request.url);
    if (pathname === "/hello") return new Response("hello");
    if (pathname === "/d1") {
      const id = 1 + Math.floor(Math.random() * ITEMS);
      const row = await env.DB.prepare("SELECT id, name FROM items WHERE id = ?").bind(id).first();
      return Response.json(row);
    }
    if (pathname === "/shard-pick")
      return shardPick(env, Math.min(SHARDS.length, Math.max(1, Number(searchParams.get("shards")) || 1)));
    if (pathname === "/shard-batches") {
      const report = [...batches];
      batches.fill(0);
      return Response.json(report);
    }
    return new Response("not found", { status: 404 });
  },
};

// eslint-disable-next-line no-restricted-syntax -- workerd loads a module worker through its default export.
export default handler;
