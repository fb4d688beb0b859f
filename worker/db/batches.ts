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
 * The catalogue's and a player's statements as one batch where both are one database: one round trip and one
 * transaction. A name on both sides would hide one side's results.
 */
export const batchTogether = async <C extends Statements, P extends Statements>(
  d1: D1Database,
  catalogue: C,
  player: P,
) => {
  const shared = Object.keys(catalogue).filter((name) => name in player);
  if (shared.length > 0) throw new Error(`${shared.join(", ")} named for both the catalogue and the player database`);
  return batchIfAny(d1, { ...catalogue, ...player }) as Promise<NamedResults<C> & NamedResults<P>>;
};
