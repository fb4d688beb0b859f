import { fillPlaceholders } from "drizzle-orm";
import { createDb, type Db } from "./client";
import { flatRowReader } from "./flat-rows";

/** What a builder query offers once built: its SQL with placeholders, the fields it selects and the rows they make. */
type Buildable<Rows> = {
  toSQL(): { sql: string; params: unknown[] };
  _: { result: Rows; config: { fields: Record<string, unknown> } };
};

/** A statement ready for a batch (its text and values too, for query plans), and how to read its result back into typed rows. */
export type BoundQuery<Rows> = {
  statement: D1PreparedStatement;
  sql: string;
  params: unknown[];
  rows: (result: D1Result) => Rows;
};

type Compiled = { sql: string; params: unknown[]; read: ReturnType<typeof flatRowReader> };

const compile = <Rows>(query: Buildable<Rows>): Compiled => ({
  ...query.toSQL(),
  read: flatRowReader(query._.config.fields),
});

const bind = <Rows>(
  d1: D1Database,
  { sql, params, read }: Compiled,
  values: Record<string, unknown> = {},
): BoundQuery<Rows> => {
  const bound = fillPlaceholders(params, values);
  return { statement: d1.prepare(sql).bind(...bound), sql, params: bound, rows: (result) => read(result) as Rows };
};

/** Runs a bound query on its own, outside a batch. */
export const runQuery = async <Rows>(query: BoundQuery<Rows>) => query.rows(await query.statement.all());

/** The first row a bound query reads on its own, or null. */
export const firstOf = async <Row>(query: BoundQuery<Row[]>) => (await runQuery(query))[0] ?? null;

/** A builder query bound for `batchNamed`, compiled on each call: for reads off the hot path. */
export const boundQuery = <Rows>(d1: D1Database, query: Buildable<Rows>) => bind<Rows>(d1, compile(query));

/**
 * Compiling a query from drizzle's builder costs about a millisecond for the feed's 50 columns and joins, every
 * request. Hot reads build theirs once per shape with `sql.placeholder` for every value, and bind the values per
 * request. The SQL and the row reader do not depend on the D1 binding they were first built with.
 */
export const compiledQueries = <Shape extends string, Rows>() => {
  const cache = new Map<Shape, Compiled>();
  return (
    d1: D1Database,
    shape: Shape,
    build: () => Buildable<Rows>,
    values: Record<string, unknown>,
  ): BoundQuery<Rows> => {
    let compiled = cache.get(shape);
    if (!compiled) {
      compiled = compile(build());
      cache.set(shape, compiled);
    }
    return bind<Rows>(d1, compiled, values);
  };
};

/** A query of a single shape, compiled on its first use; its rows are the builder's. */
export const compiledQuery = <Rows>(build: (db: Db) => Buildable<Rows>) => {
  const queries = compiledQueries<"query", Rows>();
  return (d1: D1Database, values: Record<string, unknown>) => queries(d1, "query", () => build(createDb(d1)), values);
};

/** The row a compiled query reads. */
export type RowOf<Query extends (...args: never[]) => BoundQuery<unknown[]>> =
  ReturnType<Query> extends BoundQuery<(infer Row)[]> ? Row : never;

/** A builder write (insert, update, delete) as a statement for a batch beside others. */
export const writeStatement = (d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql, params } = query.toSQL();
  return d1.prepare(sql).bind(...params);
};
