import { CONTEST_PRIZES_PER_BATCH } from "../../config";
import { groupByShard, shardMap, type UserShard } from "../../db/shards";
import { standingsOrder } from "./contest-view";

export type Entry = { userId: string; score: number; joinedAt: number; paid: number };

/** SQLite's LIMIT -1: every row. */
const ALL = -1;

/**
 * A contest's entries over every shard, merged in standings order (ties go to the earlier join): each shard's best
 * `perShard` when the caller needs only the top places, all of them otherwise.
 */
export const mergedEntries = async (env: Env, contestId: string, perShard = ALL) => {
  const byShard = await Promise.all(
    shardMap(env).shards.map(async ({ db }) => {
      const { results } = await db
        .prepare(
          `SELECT user_id AS userId, score, joined_at AS joinedAt, prize_paid_at IS NOT NULL AS paid FROM contest_entries WHERE contest_id = ?
           ORDER BY score DESC, joined_at, user_id LIMIT ?`,
        )
        .bind(contestId, perShard)
        .all<Entry>();
      return results;
    }),
  );
  return byShard.flat().sort(standingsOrder);
};

/** Runs `write` over the entrants in each one's own shard, at most CONTEST_PRIZES_PER_BATCH to a call, in order. */
export const inShardBatches = async <T, R>(env: Env, items: T[], userIdOf: (item: T) => string, write: (shard: UserShard, batch: T[]) => Promise<R[]>) => {
  const done: R[] = [];
  for (const [shard, userIds] of groupByShard(env, items.map(userIdOf))) {
    const mine = items.filter((item) => userIds.includes(userIdOf(item)));
    for (let i = 0; i < mine.length; i += CONTEST_PRIZES_PER_BATCH) done.push(...(await write(shard, mine.slice(i, i + CONTEST_PRIZES_PER_BATCH))));
  }
  return done;
};
