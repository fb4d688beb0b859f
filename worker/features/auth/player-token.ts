import { bucketOf, SHARD_BUCKETS, shardForBucket, shardMap } from "../../db/shards";
import { isBucketMoving } from "#shared/shard-map";
import { randomToken } from "../../lib/ids";
import { writePaused } from "../../lib/write-pause";

const BUCKET_PREFIX = /^(\d{1,4})\./;

/**
 * A secret token (refresh token, emailed link) whose row lives in its player's shard. It starts with the player's
 * bucket, which says nothing about who they are, so the request that presents it knows which database to ask.
 */
export const playerToken = (userId: string) => `${bucketOf(userId)}.${randomToken()}`;

/**
 * The database holding a token's row; null for a token no shard can hold. A token from before tokens named their
 * bucket can only belong to the one database of a single-shard map.
 */
export const tokenDb = (env: Env, token: string): D1Database | null => {
  const map = shardMap(env);
  const bucket = BUCKET_PREFIX.exec(token)?.[1];
  if (bucket === undefined) return map.shards.length === 1 ? map.shards[0]!.db : null;
  const number = Number(bucket);
  return number < SHARD_BUCKETS ? shardForBucket(map, number).db : null;
};

/** The database a token's use writes (a refresh token's rotation, a link's consumption); it waits while the bucket moves. */
export const tokenDbForWrite = (env: Env, token: string): D1Database | null => {
  const bucket = BUCKET_PREFIX.exec(token)?.[1];
  if (bucket !== undefined && isBucketMoving(shardMap(env), Number(bucket))) throw writePaused();
  return tokenDb(env, token);
};
