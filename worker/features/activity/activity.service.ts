import type { SQL } from "drizzle-orm";
import { createDb } from "../../db/client";
import { newestFirst } from "../../db/keyset";
import { activityFeed } from "../../db/schema";
import { shardMap } from "../../db/shards";
import { activityQuery } from "./activity.query";

type Entry = Awaited<ReturnType<ReturnType<typeof activityQuery>["all"]>>[number];

const newerFirst = (a: Entry, b: Entry) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Activity is written beside the picks it reports, so each user shard holds its own players' entries: the newest
 * `limit` matching `where` are read from every shard at once and merged in the feed's order (created_at, then id).
 */
export const newestActivity = async (env: Env, where: SQL | undefined, limit: number) => {
  const perShard = await Promise.all(
    shardMap(env).shards.map(({ db }) => activityQuery(createDb(db)).where(where).orderBy(...newestFirst(activityFeed)).limit(limit)),
  );
  return perShard.flat().sort(newerFirst).slice(0, limit);
};
