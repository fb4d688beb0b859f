import { foldPickCounts } from "../features/questions/pick-counts";
import type { CronJob } from "./cron.types";

/** The catalogue's pick counts and crowd splits catch up with the user shards' (nothing to do with one shard). */
export const foldPickCountsFromShards: CronJob = (env, now) => foldPickCounts(env, now);
