import * as z from "zod";

/**
 * Players and their ledger are spread over user shards by a hash of the user id (docs/decisions/0026-user-shards.md). The
 * hash picks one of a fixed number of buckets and the map gives each shard a contiguous range of buckets, so adding a
 * shard moves whole buckets (a new map version) instead of rehashing every player.
 */
export const SHARD_BUCKETS = 1024;

const bucket = z
  .number()
  .int()
  .min(0)
  .max(SHARD_BUCKETS - 1);

const binding = z.string().regex(/^[A-Z][A-Z0-9_]*$/);

const mapSchema = z
  .object({
    version: z.number().int().min(1),
    shards: z.array(z.object({ binding, from: bucket })).min(1),
    /**
     * Buckets from `from` up to (not including) `to` are being moved to `target`: their players' writes wait for the
     * switch, and the catalogue's copies (questions, contests) are kept in the target as in every shard.
     */
    moving: z
      .object({ from: bucket, to: z.number().int().min(1).max(SHARD_BUCKETS), target: binding.optional() })
      .refine((range) => range.from < range.to, { message: "a moving range must hold at least one bucket" })
      .optional(),
  })
  .refine((map) => map.shards[0]!.from === 0, { message: "the first shard must start at bucket 0" })
  .refine((map) => map.shards.every((shard, i) => i === 0 || shard.from > map.shards[i - 1]!.from), {
    message: "shards must start at increasing buckets",
  })
  .refine((map) => new Set(map.shards.map((shard) => shard.binding)).size === map.shards.length, {
    message: "a binding may serve one range only",
  });

export type ShardMapSource = z.infer<typeof mapSchema>;

/** The small deployment's map: every player in the catalogue database itself. */
export const ONE_DATABASE_MAP = { version: 1, shards: [{ binding: "DB", from: 0 }] } satisfies ShardMapSource;

/** The map as configured, checked; scripts that prepare local databases before a worker runs read it this way too. */
export const readShardMap = (source: unknown): ShardMapSource => {
  // A dashboard or secret sets the map as JSON text; wrangler.toml as a table.
  const parsed = mapSchema.safeParse(typeof source === "string" ? JSON.parse(source) : source);
  if (!parsed.success) throw new Error(`Invalid USER_SHARD_MAP: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
};

/** FNV-1a over the id's UTF-16 code units: stable across isolates and deployments, cheap, and well spread for UUIDs. */
export const bucketOf = (userId: string) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i += 1) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % SHARD_BUCKETS;
};

/** Shards start at increasing buckets, so a bucket belongs to the last shard starting at or before it. */
export const shardForBucket = <S extends { firstBucket: number }>(map: { shards: readonly S[] }, bucket: number): S => {
  let found = map.shards[0]!;
  for (const shard of map.shards) if (shard.firstBucket <= bucket) found = shard;
  return found;
};

/** Whether a bucket lies in the map's moving range. */
export const isBucketMoving = (map: { moving?: { from: number; to: number } | undefined }, bucket: number) =>
  map.moving !== undefined && bucket >= map.moving.from && bucket < map.moving.to;
