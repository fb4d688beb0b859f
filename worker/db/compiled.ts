import { fillPlaceholders } from "drizzle-orm";
import { createDb, type Db } from "./client";
import { flatRowReader } from "./flat-rows";
import { batchNamed } from "./statement";

/** What a builder query offers once built: its SQL with placeholders, the fields it selects and the rows they make. */
type Buildable<Rows> = {
  toSQL(): { sql: string; params: unknown[] };
  _: { result: Rows; config: { fields: Record<string, unknown> } };
};

/** A statement ready for a batch (its text and values too, for query plans), and how to read its result back into typed rows. */
export type BoundQuery<Rows> = { statement: D1PreparedStatement; sql: string; params: unknown[]; rows: (result: D1Result) => Rows };

type Compiled = { sql: string; params: unknown[]; read: ReturnType<typeof flatRowReader> };

/**
 * Compiling a query from drizzle's builder costs about a millisecond for the feed's 50 columns and joins, every
 * request. Hot reads build theirs once per shape with `sql.placeholder` for every value, and bind the values per
 * request. The SQL and the row reader do not depend on the D1 binding they were first built with.
 */
export const compiledQueries = <Shape extends string, Rows>() => {
  const cache = new Map<Shape, Compiled>();
  return (d1: D1Database, shape: Shape, build: () => Buildable<Rows>, values: Record<string, unknown>): BoundQuery<Rows> => {
    let compiled = cache.get(shape);
    if (!compiled) {
      const query = build();
      compiled = { ...query.toSQL(), read: flatRowReader(query._.config.fields) };
      cache.set(shape, compiled);
    }
    const { sql, read } = compiled;
    const params = fillPlaceholders(compiled.params, values);
    return { statement: d1.prepare(sql).bind(...params), sql, params, rows: (result) => read(result) as Rows };
  };
};

/** A query of a single shape, compiled on its first use; its rows are the builder's. */
export const compiledQuery = <Rows>(build: (db: Db) => Buildable<Rows>) => {
  const queries = compiledQueries<"query", Rows>();
  return (d1: D1Database, values: Record<string, unknown>) => queries(d1, "query", () => build(createDb(d1)), values);
};

/** The row a compiled query reads. */
export type RowOf<Query extends (...args: never[]) => BoundQuery<unknown[]>> = ReturnType<Query> extends BoundQuery<(infer Row)[]> ? Row : never;

export const runQuery = async <Rows>(query: BoundQuery<Rows>) => query.rows(await query.statement.all());

type Queries = Record<string, BoundQuery<unknown>>;

/** Each query's rows under its own name. */
export type QueryRows<Q extends Queries> = { [K in keyof Q]: Q[K] extends BoundQuery<infer Rows> ? Rows : never };

/** Runs bound queries as one batch (one round trip, see batchNamed) and reads each result back into its typed rows. */
export const batchQueries = async <Q extends Queries>(d1: D1Database, queries: Q): Promise<QueryRows<Q>> => {
  const results = await batchNamed(d1, Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, query.statement])));
  return Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, query.rows(results[name]!)])) as QueryRows<Q>;
};
