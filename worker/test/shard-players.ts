import { playerDb } from "../db/shards";
import { signedInPlayer, type SignedInPlayer } from "./sessions";
import { SHARDS } from "./shards";

/**
 * One signed-in player in each shard of twoShardEnv(), so a test sees each player's rows land in their own shard. A
 * player's shard follows from their random id, so players are signed in until both shards have one.
 */
export const signedInPlayerPerShard = async (testEnv: Env, balance = 0): Promise<[SignedInPlayer, SignedInPlayer]> => {
  const found = new Map<D1Database, SignedInPlayer>();
  while (!found.has(SHARDS.SHARD_0) || !found.has(SHARDS.SHARD_1)) {
    const player = await signedInPlayer(balance, testEnv);
    const home = playerDb(testEnv, player.userId);
    if (!found.has(home)) found.set(home, player);
  }
  return [found.get(SHARDS.SHARD_0)!, found.get(SHARDS.SHARD_1)!];
};
