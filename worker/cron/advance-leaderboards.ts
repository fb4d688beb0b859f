import { shardMap } from "../db/shards";
import { advanceLeaderboardWindows } from "../features/leaderboard/leaderboard-windows";
import { mergeBoards } from "../features/leaderboard/merge-boards";
import type { CronJob } from "./cron.types";

/**
 * Keeps the 3- and 7-day boards of every user shard to their windows (an hour drops out within a minute of leaving),
 * then merges the shards' boards into the catalogue's when there are several.
 */
export const advanceLeaderboards: CronJob = async (env, now) => {
  const shards = await Promise.all(shardMap(env).shards.map(({ db }) => advanceLeaderboardWindows(db, now)));
  return {
    advanced: shards.reduce((sum, shard) => sum + shard.advanced, 0),
    prunedHours: shards.reduce((sum, shard) => sum + shard.prunedHours, 0),
    ...(await mergeBoards(env)),
  };
};
