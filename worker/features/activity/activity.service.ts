import type { SQL } from "drizzle-orm";
import { createDb } from "../../db/client";
import { newestFirst } from "../../db/keyset";
import type { DataContext } from "../../db/data-context";
import { activityFeed } from "../../db/schema";
import { activityQuery } from "./activity.query";

type Entry = Awaited<ReturnType<ReturnType<typeof activityQuery>["all"]>>[number];

const newerFirst = (a: Entry, b: Entry) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Activity is written beside the picks it reports, so each player database holds its own players' entries: the newest
 * `limit` matching `where` are read from every one at once and merged in the feed's order (created_at, then id).
 */
export const newestActivity = async (data: DataContext, where: SQL | undefined, limit: number) => {
  const perDatabase = await Promise.all(
    data.players().map(({ db }) =>
      activityQuery(createDb(db))
        .where(where)
        .orderBy(...newestFirst(activityFeed))
        .limit(limit),
    ),
  );
  return perDatabase.flat().sort(newerFirst).slice(0, limit);
};
