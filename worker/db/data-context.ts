import { bucketOf, isBucketMoving, SHARD_BUCKETS } from "#shared/shard-map";
import { isShardMoving, shardMap, shardForBucket, type UserShard } from "./shards";
import { batchIfAny, batchTogether, type Statements } from "./batches";
import type { NamedResults } from "./statement";
import { writePaused, ACCOUNT_MOVING_MESSAGE, PLAYERS_MOVING_MESSAGE } from "./write-pause";
import { newId } from "../lib/ids";
import { createMetrics, type Metrics } from "../lib/metrics";

/**
 * A database holding players, for work that reaches every player (fan-out reads, crons, settlement). `name` only
 * travels in queue messages, so a consumer can find the same database again with `playersNamed`.
 */
export type PlayerDatabase = {
  readonly db: D1Database;
  readonly name: string;
  /** Whether some of its players are being moved to another database: their writes wait for the switch. */
  readonly moving: boolean;
};

/**
 * The one way into the data: which database a row lives in, a request's D1 session, and the pause while players are
 * moved between databases. Every request, cron, queue consumer and Durable Object builds one; features ask it for a
 * database and never read bindings or the player map themselves. With one database for everything (the default
 * deployment) every method answers that database.
 */
export type DataContext = {
  /** Questions, contests, categories, the account directory and everything else not owned by one player. */
  readonly catalogue: D1Database;
  /** True when players live in the catalogue database: one batch can write both. */
  readonly playersInCatalogue: boolean;
  /** The database holding this player's account, sessions, ledger and picks. */
  readonly player: (userId: string) => D1Database;
  /** The database for a placement (`placementOf`); null for a number no placement has. `forWrite` waits while its players move. */
  readonly playerAt: (placement: number, options?: { forWrite: boolean }) => D1Database | null;
  /** The player's database for a write: 503 with Retry-After while the player is being moved (`message` says so). */
  readonly writablePlayer: (userId: string, message?: string) => D1Database;
  readonly assertPlayerWritable: (userId: string, message?: string) => void;
  /** For a write that reaches every player at once: it waits while any player is being moved. */
  readonly assertNoMove: () => void;
  readonly anyMoving: boolean;
  /** A new account's id, never one whose players are being moved, so sign-up never waits. */
  readonly newPlayerId: () => string;
  /** Every database holding players, in a fixed order. */
  readonly players: () => readonly PlayerDatabase[];
  readonly playersNamed: (name: string) => PlayerDatabase | undefined;
  /** Players grouped by the database that holds them. */
  readonly groupPlayers: (userIds: Iterable<string>) => Map<PlayerDatabase, string[]>;
  /** Asks every player database at once, for what names no player; answers the first that found it, with its database. */
  readonly findInPlayers: <T>(
    ask: (db: D1Database) => Promise<T | null>,
  ) => Promise<{ db: D1Database; found: T } | null>;
  /** The databases keeping their own copy of the catalogue's questions and contests (none when players share it). */
  readonly questionCopies: () => D1Database[];
  /** Named reads of the catalogue and of a player's database: one batch where they are one database, else one each. */
  readonly readCatalogueAndPlayer: <C extends Statements, P extends Statements>(
    userId: string,
    catalogue: (db: D1Database) => C,
    player: (db: D1Database) => P,
  ) => Promise<NamedResults<C> & NamedResults<P>>;
  /** Where features send work for later (settlement, referral bonuses, emails, pushes), never through the bindings. */
  readonly queues: {
    readonly settlements: Queue;
    readonly referrals: Queue;
    readonly emails: Queue;
    readonly pushes: Queue;
  };
  /** Where features store and read uploaded images, never through the binding. */
  readonly images: R2Bucket;
  /** Where features count what happens (Workers Analytics Engine, or a recorder without a dataset). */
  readonly metrics: Metrics;
};

/**
 * Where a player's rows are placed, as a small number that says nothing about who they are: a secret token carries
 * it, so the request presenting the token knows which database to ask (`playerAt`). It never changes for a player.
 */
export const placementOf = (userId: string) => bucketOf(userId);

const contexts = new WeakMap<Env, DataContext>();

/**
 * The data context over an environment's databases. `catalogue`, when given, stands for the catalogue binding (a
 * request's D1 session); without it the context is built once per environment.
 */
export const dataContext = (env: Env, catalogue?: D1Database): DataContext => {
  if (!catalogue) {
    const known = contexts.get(env);
    if (known) return known;
  }
  const context = buildContext(env, catalogue ?? env.DB);
  if (!catalogue) contexts.set(env, context);
  return context;
};

const buildContext = (env: Env, catalogue: D1Database): DataContext => {
  const map = shardMap(env);
  const resolve = (db: D1Database) => (db === env.DB ? catalogue : db);
  const databases = new Map<UserShard, PlayerDatabase>(
    map.shards.map((shard) => [
      shard,
      { db: resolve(shard.db), name: shard.binding, moving: isShardMoving(map, shard) },
    ]),
  );
  const databaseOf = (userId: string) => databases.get(shardForBucket(map, bucketOf(userId)))!;
  const isPlayerMoving = (userId: string) => isBucketMoving(map, bucketOf(userId));
  const assertPlayerWritable = (userId: string, message = ACCOUNT_MOVING_MESSAGE) => {
    if (isPlayerMoving(userId)) throw writePaused(message);
  };
  const player = (userId: string) => databaseOf(userId).db;
  const playerAt = (placement: number, { forWrite } = { forWrite: false }) => {
    if (!Number.isInteger(placement) || placement < 0 || placement >= SHARD_BUCKETS) return null;
    if (forWrite && isBucketMoving(map, placement)) throw writePaused();
    return databases.get(shardForBucket(map, placement))!.db;
  };
  const all = [...databases.values()];

  return {
    catalogue,
    playersInCatalogue: map.sharesCatalogue,
    player,
    playerAt,
    writablePlayer: (userId, message) => {
      assertPlayerWritable(userId, message);
      return player(userId);
    },
    assertPlayerWritable,
    assertNoMove: () => {
      if (map.moving) throw writePaused(PLAYERS_MOVING_MESSAGE);
    },
    anyMoving: map.moving !== undefined,
    newPlayerId: () => {
      for (let draw = 0; draw < 64; draw += 1) {
        const id = newId();
        if (!isPlayerMoving(id)) return id;
      }
      throw writePaused();
    },
    players: () => all,
    playersNamed: (name) => all.find((database) => database.name === name),
    groupPlayers: (userIds) => {
      const groups = new Map<PlayerDatabase, string[]>();
      for (const userId of userIds) {
        const database = databaseOf(userId);
        const group = groups.get(database);
        if (group) group.push(userId);
        else groups.set(database, [userId]);
      }
      return groups;
    },
    findInPlayers: async (ask) => {
      const answers = await Promise.all(all.map(async ({ db }) => ({ db, found: await ask(db) })));
      return (
        answers.find(
          <T>(answer: { db: D1Database; found: T | null }): answer is { db: D1Database; found: T } =>
            answer.found !== null,
        ) ?? null
      );
    },
    questionCopies: () => {
      const copies = new Set([...map.shards.map(({ db }) => db), ...(map.moving?.target ? [map.moving.target] : [])]);
      copies.delete(env.DB);
      return [...copies];
    },
    readCatalogueAndPlayer: async (userId, catalogueReads, playerReads) => {
      const db = player(userId);
      if (db === catalogue) return batchTogether(db, catalogueReads(db), playerReads(db));
      const [fromCatalogue, fromPlayer] = await Promise.all([
        batchIfAny(catalogue, catalogueReads(catalogue)),
        batchIfAny(db, playerReads(db)),
      ]);
      return { ...fromCatalogue, ...fromPlayer };
    },
    queues: {
      settlements: env.SETTLEMENT_QUEUE,
      referrals: env.REFERRAL_QUEUE,
      emails: env.EMAIL_QUEUE,
      pushes: env.PUSH_QUEUE,
    },
    images: env.IMAGES,
    metrics: createMetrics(env.METRICS),
  };
};
