import { env } from "cloudflare:test";
import { playerDb } from "../db/shards";
import { signedInPlayer, type SignedInPlayer } from "./sessions";

/**
 * One signed-in player in each shard of twoShardEnv(), so a test sees each player's rows land in their own shard. A
 * player's shard follows from their random id, so players are signed in until both shards have one.
 */
export const signedInPlayerPerShard = async (testEnv: Env, balance = 0): Promise<[SignedInPlayer, SignedInPlayer]> => {
  const found = new Map<D1Database, SignedInPlayer>();
  while (!found.has(env.SHARD_0) || !found.has(env.SHARD_1)) {
    const player = await signedInPlayer(balance, testEnv);
    const home = playerDb(testEnv, player.userId);
    if (!found.has(home)) found.set(home, player);
  }
  return [found.get(env.SHARD_0)!, found.get(env.SHARD_1)!];
};

/** How many rows of `table` the player has in the catalogue, in their own shard and in the other one. */
export const rowsByDatabase = async (testEnv: Env, table: string, userId: string) => {
  const home = playerDb(testEnv, userId);
  const other = home === env.SHARD_0 ? env.SHARD_1 : env.SHARD_0;
  const count = async (d1: D1Database) => (await d1.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<number>("n")) ?? 0;
  const [catalogue, own, elsewhere] = await Promise.all([count(env.DB), count(home), count(other)]);
  return { catalogue, home: own, other: elsewhere };
};
