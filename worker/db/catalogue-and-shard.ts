import { batchNamed, type BatchEntry, type NamedResults } from "./statement";

type Statements = Record<string, BatchEntry>;

const run = async <G extends Statements>(d1: D1Database, statements: G) =>
  Object.keys(statements).length === 0 ? ({} as NamedResults<G>) : batchNamed(d1, statements);

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
  if (shard !== env.DB) {
    const [fromCatalogue, fromShard] = await Promise.all([run(env.DB, catalogue(env.DB)), run(shard, player(shard))]);
    return { ...fromCatalogue, ...fromShard };
  }
  const catalogueStatements = catalogue(env.DB);
  const playerStatements = player(env.DB);
  const shared = Object.keys(catalogueStatements).filter((name) => name in playerStatements);
  if (shared.length > 0) throw new Error(`readCatalogueAndShard: ${shared.join(", ")} named on both sides`);
  return run(env.DB, { ...catalogueStatements, ...playerStatements }) as Promise<NamedResults<C> & NamedResults<P>>;
};
