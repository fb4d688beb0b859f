import { env } from "cloudflare:test";
import { bucketOf, SHARD_BUCKETS } from "../db/shards";

/** The test environment with players split over SHARD_0 and SHARD_1 (half the buckets each) beside the catalogue. */
export const twoShardEnv = (): Env => ({
  ...env,
  USER_SHARD_MAP: { version: 2, shards: [{ binding: "SHARD_0", from: 0 }, { binding: "SHARD_1", from: SHARD_BUCKETS / 2 }] },
});

/** A fresh user id whose bucket falls in the given half of the buckets, so a test chooses each player's shard. */
export const userIdInShard = (shard: 0 | 1) => {
  for (;;) {
    const id = crypto.randomUUID();
    if (Math.floor(bucketOf(id) / (SHARD_BUCKETS / 2)) === shard) return id;
  }
};
