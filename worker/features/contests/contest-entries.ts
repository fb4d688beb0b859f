import { asc, desc, eq, sql } from "drizzle-orm";
import { CONTEST_PRIZES_PER_BATCH } from "../../config";
import { createDb } from "../../db/client";
import type { DataContext } from "../../db/data-context";
import { contestEntries } from "../../db/schema";
import { standingsOrder } from "./contest-view";

/** SQLite's LIMIT -1: every row. */
const ALL = -1;

const entriesIn = (d1: D1Database, contestId: string, limit: number) =>
  createDb(d1)
    .select({
      userId: contestEntries.userId,
      score: contestEntries.score,
      joinedAt: contestEntries.joinedAt,
      paid: sql<number>`${contestEntries.prizePaidAt} IS NOT NULL`,
    })
    .from(contestEntries)
    .where(eq(contestEntries.contestId, contestId))
    .orderBy(desc(contestEntries.score), asc(contestEntries.joinedAt), asc(contestEntries.userId))
    .limit(limit);

/**
 * A contest's entries over every player database, merged in standings order (ties go to the earlier join): each
 * database's best `perDatabase` when the caller needs only the top places, all of them otherwise.
 */
export const mergedEntries = async (data: DataContext, contestId: string, perDatabase = ALL) => {
  const entries = await Promise.all(data.players().map(({ db }) => entriesIn(db, contestId, perDatabase)));
  return entries.flat().sort(standingsOrder);
};

/** Runs `write` over the entrants in each one's own database, at most CONTEST_PRIZES_PER_BATCH to a call, in order. */
export const inPlayerBatches = async <T, R>(
  data: DataContext,
  items: T[],
  userIdOf: (item: T) => string,
  write: (d1: D1Database, batch: T[]) => Promise<R[]>,
) => {
  const done: R[] = [];
  for (const [{ db }, userIds] of data.groupPlayers(items.map(userIdOf))) {
    const mine = items.filter((item) => userIds.includes(userIdOf(item)));
    for (let i = 0; i < mine.length; i += CONTEST_PRIZES_PER_BATCH)
      done.push(...(await write(db, mine.slice(i, i + CONTEST_PRIZES_PER_BATCH))));
  }
  return done;
};
