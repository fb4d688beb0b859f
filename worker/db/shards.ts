import { bucketOf, readShardMap, SHARD_BUCKETS, shardForBucket } from "#shared/shard-map";

export { bucketOf, SHARD_BUCKETS, shardForBucket } from "#shared/shard-map";

// The map's rules (buckets, the hash, its checks) are shared with the scripts that prepare local databases; this module
// binds them to the environment's D1 databases.

type D1BindingName = { [K in keyof Env]-?: Env[K] extends D1Database ? K : never }[keyof Env];

export type UserShard = { binding: D1BindingName; db: D1Database; firstBucket: number };
export type ShardMap = {
  version: number;
  shards: readonly UserShard[];
  /** The buckets of a move between its mark and its switch, if one is under way, and the database taking them. */
  moving?: { from: number; to: number; target?: D1Database };
  /** True when the one shard is the catalogue database itself: nothing needs copying between them. */
  sharesCatalogue: boolean;
};

/** The D1 database bound under `binding`, or undefined when the name binds nothing or something else. */
export const d1Binding = (env: Env, binding: string): D1Database | undefined => {
  const value: unknown = env[binding as keyof Env];
  return typeof value === "object" && value !== null && typeof (value as { prepare?: unknown }).prepare === "function"
    ? (value as D1Database)
    : undefined;
};

const parseMap = (env: Env): ShardMap => {
  const source = readShardMap(env.USER_SHARD_MAP);
  const shards = source.shards.map(({ binding, from }): UserShard => {
    const db = d1Binding(env, binding);
    if (!db) throw new Error(`Invalid USER_SHARD_MAP: ${binding} is not a D1 binding`);
    return { binding: binding as D1BindingName, db, firstBucket: from };
  });
  // The catalogue's pick counts are the sums over the shards: it cannot also count its own players' picks among several.
  if (shards.length > 1 && shards.some((shard) => shard.db === env.DB)) {
    throw new Error(
      "Invalid USER_SHARD_MAP: the catalogue database (DB) can only be the one shard of a single-shard map",
    );
  }
  const targetBinding = source.moving?.target;
  const target = targetBinding === undefined ? undefined : d1Binding(env, targetBinding);
  if (targetBinding !== undefined && !target)
    throw new Error(`Invalid USER_SHARD_MAP: the moving target ${targetBinding} is not a D1 binding`);
  const moving = source.moving && { from: source.moving.from, to: source.moving.to, target };
  return { version: source.version, shards, moving, sharesCatalogue: shards.length === 1 && shards[0]!.db === env.DB };
};

const maps = new WeakMap<Env, ShardMap>();

/** The map in force, parsed once per environment object; a malformed map fails every request loudly. */
export const shardMap = (env: Env): ShardMap => {
  let map = maps.get(env);
  if (!map) {
    map = parseMap(env);
    maps.set(env, map);
  }
  return map;
};

export const userShard = (env: Env, userId: string): UserShard => shardForBucket(shardMap(env), bucketOf(userId));

export const shardByBinding = (env: Env, binding: string): UserShard | undefined =>
  shardMap(env).shards.find((shard) => shard.binding === binding);

/** Players grouped by the shard that holds them, in the map's shard order. */
export const groupByShard = (env: Env, userIds: Iterable<string>): Map<UserShard, string[]> => {
  const groups = new Map<UserShard, string[]>();
  for (const userId of userIds) {
    const shard = userShard(env, userId);
    const group = groups.get(shard);
    if (group) group.push(userId);
    else groups.set(shard, [userId]);
  }
  return groups;
};

/** The database holding a player's account, sessions, ledger and picks. */
export const playerDb = (env: Env, userId: string): D1Database => userShard(env, userId).db;

/** The buckets a shard of the map holds: from its first bucket up to (not including) the next shard's. */
export const bucketRangeOf = (map: ShardMap, shard: UserShard): [number, number] => [
  shard.firstBucket,
  map.shards[map.shards.indexOf(shard) + 1]?.firstBucket ?? SHARD_BUCKETS,
];

/** Whether any of a shard's buckets are being moved: its chores that write players wait for the switch. */
export const isShardMoving = (map: ShardMap, shard: UserShard) => {
  if (!map.moving) return false;
  const [start, end] = bucketRangeOf(map, shard);
  return map.moving.from < end && map.moving.to > start;
};
