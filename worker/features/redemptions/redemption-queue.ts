import { and, eq } from "drizzle-orm";
import { createDb } from "../../db/client";
import { afterKeyset, newestFirst, newestFirstOrder } from "../../db/keyset";
import type { DataContext } from "../../db/data-context";
import { giftCardRedemptions, rewards, users } from "../../db/schema";
import type { Keyset } from "../../lib/cursor";
import {
  REDEMPTION_FIELDS,
  rewardOfRedemption,
  toHold,
  toRedemption,
  withRewardNames,
  type RedemptionStatus,
} from "./redemption-row";

/** A database's first `limit` redemptions after the cursor, with the player's name and email from its copy of their row. */
const queueIn = (d1: D1Database, status: RedemptionStatus | undefined, after: Keyset | null, limit: number) =>
  createDb(d1)
    .select({ redemption: REDEMPTION_FIELDS, username: users.username, accountEmail: users.email })
    .from(giftCardRedemptions)
    .leftJoin(rewards, rewardOfRedemption)
    .innerJoin(users, eq(users.id, giftCardRedemptions.userId))
    .where(and(status ? eq(giftCardRedemptions.status, status) : undefined, afterKeyset(giftCardRedemptions, after)))
    .orderBy(...newestFirst(giftCardRedemptions))
    .limit(limit);

/**
 * The admin's queue: each player database's first `limit` after the cursor, read at once and merged in the queue's
 * order, are the first `limit` of all.
 */
export const queueRows = async (
  data: DataContext,
  status: RedemptionStatus | undefined,
  after: Keyset | null,
  limit: number,
) => {
  const perDatabase = await Promise.all(data.players().map(({ db }) => queueIn(db, status, after, limit)));
  const rows = perDatabase
    .flat()
    .map(({ redemption: row, username, accountEmail }) => ({
      ...toRedemption(row),
      user: { id: row.userId, username, email: accountEmail },
      hold: toHold(row),
    }))
    .sort(newestFirstOrder)
    .slice(0, limit);
  return withRewardNames(data, rows);
};
