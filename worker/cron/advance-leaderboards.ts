import { shardMap } from "../db/shards";
import { sumFields } from "../lib/sum-fields";
import { advanceLeaderboardWindows } from "../features/leaderboard/leaderboard-windows";
import { mergeBoards } from "../features/leaderboard/merge-boards";
import type { CronJob } from "./cron.types";

/**
 * Keeps the 3- and 7-day boards of every user shard to their windows (an hour drops out within a minute of leaving),
 * then merges the shards' boards into the catalogue's when there are several.
 */
export const advanceLeaderboards: CronJob = async (env, now) => {
  const shards = await Promise.all(shardMap(env).shards.map(({ db }) => advanceLeaderboardWindows(db, now)));
  return { ...sumFields({ advanced: 0, prunedHours: 0 }, shards), ...(await mergeBoards(env)) };
};
