import { env } from "cloudflare:test";
import { newId } from "../lib/ids";
import { submitPick } from "../features/picks/submit-pick.service";
import { grantCredits } from "./ledger";
import { dataContext } from "../db/data-context";
import { copyUsers } from "../features/auth/directory";
import { groupByShard, playerDb, shardMap } from "../db/shards";

/**
 * A player written straight to D1: money tests need many, and signing up each one would cost a PBKDF2 hash. Without a
 * database, written as sign-up leaves one under the test environment's map (createPlayerIn); with one, only there.
 */
export const createPlayer = async (balance = 0, d1?: D1Database, id = newId()): Promise<string> => {
  if (!d1) return createPlayerIn(env, balance, id);
  const compact = id.replaceAll("-", "");
  await d1
    .prepare("INSERT INTO users (id, email, username, referral_code, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)")
    .bind(id, `${compact}@players.example`, `p_${compact.slice(0, 24)}`, compact)
    .run();
  if (balance > 0) await grantCredits(id, balance, "purchased", d1);
  return id;
};

/** A player as sign-up leaves one: the directory's row in the catalogue, its copy and the credits in their shard. */
export const createPlayerIn = async (testEnv: Env, balance = 0, id = newId()) => {
  await createPlayer(0, testEnv.DB, id);
  await copyUsers(dataContext(testEnv), [id]);
  if (balance > 0) await grantCredits(id, balance, "purchased", playerDb(testEnv, id));
  return id;
};

/** The database holding a player's account copy, credits, ledger and picks under the test environment's map. */
export const shardOf = (userId: string) => playerDb(env, userId);

/** A fresh user id that the test environment's map puts in the same shard as `userId`. */
export const userIdBeside = (userId: string) => {
  for (;;) {
    const id = newId();
    if (shardOf(id) === shardOf(userId)) return id;
  }
};

/** Runs a statement in every user shard of the test environment's map, answering each shard's rows. */
export const inEveryTestShard = (sql: string, ...values: unknown[]) =>
  Promise.all(
    shardMap(env).shards.map(({ db }) =>
      db
        .prepare(sql)
        .bind(...values)
        .raw<[unknown]>(),
    ),
  );

/** Every row a statement finds in each user shard of the test environment's map, the shards' rows one after another. */
export const allInEveryTestShard = async <T = Record<string, unknown>>(sql: string, ...values: unknown[]) =>
  (
    await Promise.all(
      shardMap(env).shards.map(({ db }) =>
        db
          .prepare(sql)
          .bind(...values)
          .all<T>(),
      ),
    )
  ).flatMap(({ results }) => results);

/** The first row a statement finds in any user shard, for a row a test knows by its own id (a redemption's). */
export const firstInAnyShard = async <T = Record<string, unknown>>(sql: string, ...values: unknown[]) => {
  for (const { db } of shardMap(env).shards) {
    const row = await db
      .prepare(sql)
      .bind(...values)
      .first<T>();
    if (row) return row;
  }
  return null;
};

/** A count (the first column of the first row) summed over every user shard. */
export const sumOverShards = async (sql: string, ...values: unknown[]) =>
  (await inEveryTestShard(sql, ...values)).reduce((sum, rows) => sum + Number(rows[0]?.[0] ?? 0), 0);

type Row = Record<string, string | number | null>;

/**
 * A grouped count or sum read as one database would answer it: every shard's rows, those that agree on their text
 * columns added up into one row (a null sum, of no rows, adds as nothing; the `least` columns, MINs, take the least), in
 * the order of those text columns.
 */
export const summedOverShards = async <T extends Row>(
  sql: string,
  values: unknown[],
  least: readonly string[] = [],
) => {
  const sums = new Map<string, Row>();
  for (const row of await allInEveryTestShard<Row>(sql, ...values)) {
    const key = JSON.stringify(Object.values(row).filter((value) => typeof value === "string"));
    const sum = sums.get(key);
    if (!sum) sums.set(key, { ...row });
    else {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== "number") continue;
        const before = sum[column];
        sum[column] =
          typeof before !== "number" ? value : least.includes(column) ? Math.min(before, value) : before + value;
      }
    }
  }
  return [...sums.keys()].sort().map((key) => sums.get(key)) as T[];
};

/** Changes a player's account row as an account write does: in the directory, then copied to their shard. */
export const updateAccount = async (
  userId: string,
  assignments: string,
  { values = [], env: testEnv = env }: { values?: unknown[]; env?: Env } = {},
) => {
  await testEnv.DB.prepare(`UPDATE users SET ${assignments} WHERE id = ?`)
    .bind(...values, userId)
    .run();
  await copyUsers(dataContext(testEnv), [userId]);
};

/** A pick through the real pick service (spend, pick row, activity), as POST /api/picks makes it. */
export const placePick = async (
  userId: string,
  questionId: string,
  choice: "yes" | "no",
  multiplier = 1,
  d1: D1Database = playerDb(env, userId),
) => {
  const result = await submitPick(d1, { userId, questionId, choice, multiplier, now: Date.now() });
  return result.body.pick.id;
};

export type BulkPicks = { count: number; cost: number; startBalance: number };

/**
 * `count` players, each with a purchase of `startBalance` and a pick of `cost` on the question (alternating yes
 * and no), written by a few INSERT ... SELECT statements per shard so that tens of thousands take a second, ledger
 * included. Each player is written to their shard under the test environment's map, and to the directory.
 */
export const insertBulkPicks = async (questionId: string, { count, cost, startBalance }: BulkPicks) => {
  const tag = newId().slice(0, 8);
  const userIdOf = (i: number) => `${tag}-u${i}`;
  const indexes = new Map(Array.from({ length: count }, (_, i) => [userIdOf(i), i]));
  const rows = (select: string) => `WITH n(i, id) AS (SELECT value ->> 0, value ->> 1 FROM json_each(?1)) ${select}`;
  const users = rows(`INSERT INTO users (id, email, username, referral_code, created_at, updated_at)
    SELECT id, '${tag}-' || i || '@bulk.example', 'b${tag}_' || i, '${tag}-r' || i, 0, 0 FROM n`);
  const money = [
    rows(`INSERT INTO user_credits (user_id, balance, total_earned, total_spent, created_at, updated_at)
          SELECT id, ${startBalance - cost}, ${startBalance}, ${cost}, 0, 0 FROM n`),
    rows(`INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, created_at)
          SELECT '${tag}-g' || i, id, ${startBalance}, 'purchase', 'purchased', 'bulk:${tag}:' || i, 0 FROM n`),
    ...(cost > 0
      ? [
          rows(`INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, question_id, created_at)
                SELECT '${tag}-s' || i, id, ${-cost}, 'spend', 'purchased', 'pick:' || id || ':${questionId}', '${questionId}', 0 FROM n`),
        ]
      : []),
    rows(`INSERT INTO user_picks (id, user_id, question_id, choice, credits_spent, multiplier, potential_payout, created_at, updated_at)
          SELECT '${tag}-p' || i, id, '${questionId}', CASE i % 2 WHEN 0 THEN 'yes' ELSE 'no' END, ${cost}, 1,
                 ${cost === 0 ? 2 : cost * 2}, i, i FROM n`),
  ];
  for (const [shard, ids] of groupByShard(env, indexes.keys())) {
    const members = JSON.stringify(ids.map((id) => [indexes.get(id), id]));
    if (shard.db !== env.DB) await env.DB.prepare(users).bind(members).run();
    await shard.db.batch([
      ...[users, ...money].map((sql) => shard.db.prepare(sql).bind(members)),
      shard.db.prepare("UPDATE questions SET pick_count = pick_count + ? WHERE id = ?").bind(ids.length, questionId),
    ]);
  }
  return { userIdOf };
};
