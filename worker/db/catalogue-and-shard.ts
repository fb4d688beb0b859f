import { batchNamed, type BatchEntry, type NamedResults } from "./statement";

export type Statements = Record<string, BatchEntry>;

/** True when the groups hold no statement at all (no names, or only empty lists). */
export const writesNothing = (groups: Statements) =>
  Object.values(groups).every((entry) => Array.isArray(entry) && entry.length === 0);

/** A batch of named statements; with none to run, every name answers no results without a round trip. */
export const batchIfAny = async <G extends Statements>(d1: D1Database, groups: G) =>
  writesNothing(groups)
    ? (Object.fromEntries(Object.keys(groups).map((name) => [name, []])) as NamedResults<G>)
    : batchNamed(d1, groups);

/**
 * The catalogue's and the player's statements as one batch, for the one-shard deployment where both are one database:
 * one round trip and one transaction, as before shards. A name on both sides would hide one side's results.
 */
export const batchTogether = async <C extends Statements, P extends Statements>(
  d1: D1Database,
  catalogue: C,
  player: P,
) => {
  const shared = Object.keys(catalogue).filter((name) => name in player);
  if (shared.length > 0) throw new Error(`${shared.join(", ")} named for both the catalogue and the shard`);
  return batchIfAny(d1, { ...catalogue, ...player }) as Promise<NamedResults<C> & NamedResults<P>>;
};

/**
 * Named reads of the catalogue and of a player's shard. Where the shard is the catalogue (the one-shard deployment)
 * they are one batch, one round trip, as before shards; otherwise a batch on each, at once.
 */
export const readCatalogueAndShard = async <C extends Statements, P extends Statements>(
  env: Env,
  shard: D1Database,
  catalogue: (d1: D1Database) => C,
  player: (d1: D1Database) => P,
): Promise<NamedResults<C> & NamedResults<P>> => {
  if (shard === env.DB) return batchTogether(env.DB, catalogue(env.DB), player(env.DB));
  const [fromCatalogue, fromShard] = await Promise.all([
    batchIfAny(env.DB, catalogue(env.DB)),
    batchIfAny(shard, player(shard)),
  ]);
  return { ...fromCatalogue, ...fromShard };
};
