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
