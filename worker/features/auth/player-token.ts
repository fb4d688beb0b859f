import { bucketOf, SHARD_BUCKETS, shardForBucket, shardMap, type ShardMap } from "../../db/shards";
import { isBucketMoving } from "#shared/shard-map";
import { randomToken } from "../../lib/ids";
import { writePaused } from "../../lib/write-pause";

const BUCKET_PREFIX = /^(\d{1,4})\./;

/**
 * A secret token (refresh token, emailed link) whose row lives in its player's shard. It starts with the player's
 * bucket, which says nothing about who they are, so the request that presents it knows which database to ask.
 */
export const playerToken = (userId: string) => `${bucketOf(userId)}.${randomToken()}`;

const bucketOfToken = (token: string) => {
  const bucket = BUCKET_PREFIX.exec(token)?.[1];
  return bucket === undefined ? undefined : Number(bucket);
};

/**
 * The database holding a token's row; null for a token no shard can hold. A token from before tokens named their
 * bucket can only belong to the one database of a single-shard map.
 */
const dbForBucket = (map: ShardMap, bucket: number | undefined): D1Database | null => {
  if (bucket === undefined) return map.shards.length === 1 ? map.shards[0]!.db : null;
  return bucket < SHARD_BUCKETS ? shardForBucket(map, bucket).db : null;
};

export const tokenDb = (env: Env, token: string): D1Database | null => dbForBucket(shardMap(env), bucketOfToken(token));

/** The database a token's use writes (a refresh token's rotation, a link's consumption); it waits while the bucket moves. */
export const tokenDbForWrite = (env: Env, token: string): D1Database | null => {
  const map = shardMap(env);
  const bucket = bucketOfToken(token);
  if (bucket !== undefined && isBucketMoving(map, bucket)) throw writePaused();
  return dbForBucket(map, bucket);
};
