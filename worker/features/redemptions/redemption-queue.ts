import { and, eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { afterKeyset, newestFirst, newestFirstOrder } from "../../db/keyset";
import { giftCardRedemptions, rewards, users } from "../../db/schema";
import { shardMap } from "../../db/shards";
import type { Keyset } from "../../lib/cursor";
import { REDEMPTION_FIELDS, rewardOfRedemption, toHold, toRedemption, withRewardNames, type RedemptionStatus } from "./redemption-row";

/** One shard's first `limit` redemptions after the cursor, with the player's name and email from the shard's copy of their row. */
const shardQueue = (d1: D1Database, status: RedemptionStatus | undefined, after: Keyset | null, limit: number) =>
  createDb(d1)
    .select({ redemption: REDEMPTION_FIELDS, username: users.username, accountEmail: users.email })
    .from(giftCardRedemptions)
    .leftJoin(rewards, rewardOfRedemption)
    .innerJoin(users, eq(users.id, giftCardRedemptions.userId))
    .where(and(status ? eq(giftCardRedemptions.status, status) : undefined, afterKeyset(giftCardRedemptions, after)))
    .orderBy(...newestFirst(giftCardRedemptions))
    .limit(limit);

/**
 * The admin's queue: each shard's first `limit` after the cursor, read at once and merged in the queue's order, are
 * the first `limit` of all (with one shard, the one query it always was).
 */
export const queueRows = async (env: Env, status: RedemptionStatus | undefined, after: Keyset | null, limit: number) => {
  const perShard = await Promise.all(shardMap(env).shards.map(({ db }) => shardQueue(db, status, after, limit)));
  const rows = perShard
    .flat()
    .map(({ redemption: row, username, accountEmail }) => ({
      ...toRedemption(row),
      user: { id: row.userId, username, email: accountEmail },
      hold: toHold(row),
    }))
    .sort(newestFirstOrder)
    .slice(0, limit);
  return withRewardNames(env, rows);
};
