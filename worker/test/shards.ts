import { env } from "cloudflare:test";
import { ONE_DATABASE_MAP } from "#shared/shard-map";
import { bucketOf, playerDb, SHARD_BUCKETS } from "../db/shards";

type LocalShards = { SHARD_0: D1Database; SHARD_1: D1Database };

/** wrangler.toml binds the two user shards for local runs only, so the generated Env declares them optional. */
const localShards = (): LocalShards => {
  const { SHARD_0, SHARD_1 } = env;
  if (!SHARD_0 || !SHARD_1) throw new Error("The tests need the SHARD_0 and SHARD_1 bindings of wrangler.toml");
  return { SHARD_0, SHARD_1 };
};

export const SHARDS = localShards();

/** The test environment with players split over SHARD_0 and SHARD_1 (half the buckets each) beside the catalogue. */
export const twoShardEnv = (): Env & LocalShards => ({
  ...env,
  ...SHARDS,
  USER_SHARD_MAP: {
    version: 2,
    shards: [
      { binding: "SHARD_0", from: 0 },
      { binding: "SHARD_1", from: SHARD_BUCKETS / 2 },
    ],
  },
});

/** The test environment with the small deployment's map, catalogue and players in one database, whichever map is in force. */
export const oneDatabaseEnv = (): Env => ({ ...env, USER_SHARD_MAP: ONE_DATABASE_MAP });

/** A fresh user id whose bucket falls in the given half of the buckets, so a test chooses each player's shard. */
export const userIdInShard = (shard: 0 | 1) => {
  for (;;) {
    const id = crypto.randomUUID();
    if (Math.floor(bucketOf(id) / (SHARD_BUCKETS / 2)) === shard) return id;
  }
};

/** The shard of a two-shard environment that does not hold the player. */
export const otherShardOf = (testEnv: Env, userId: string) =>
  [testEnv.SHARD_0, testEnv.SHARD_1].find((db) => db !== playerDb(testEnv, userId))!;

/** How many rows of a table name the player (`column`), in their shard, in the other shard and in the catalogue. */
export const rowsByDatabase = async (testEnv: Env, table: string, userId: string, column = "user_id") => {
  const count = async (d1: D1Database) =>
    (await d1.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).bind(userId).first<{ n: number }>())
      ?.n ?? 0;
  const [shard, other, catalogue] = [playerDb(testEnv, userId), otherShardOf(testEnv, userId), testEnv.DB];
  return { shard: await count(shard), other: await count(other), catalogue: await count(catalogue) };
};
