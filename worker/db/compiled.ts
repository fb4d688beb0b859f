import { fillPlaceholders } from "drizzle-orm";

/** What a builder query offers once built: its SQL with placeholders, and drizzle's own prepared form for mapping rows. */
type Buildable<Rows> = {
  toSQL(): { sql: string; params: unknown[] };
  prepare(): { all(values?: Record<string, unknown>): Promise<Rows>; mapAllResult(rows: unknown, isFromBatch?: boolean): unknown };
};

/** A statement ready for a batch (its text and values too, for query plans), and how to read its result back into typed rows. */
export type BoundQuery<Rows> = { statement: D1PreparedStatement; sql: string; params: unknown[]; rows: (result: D1Result) => Rows };

type Compiled<Rows> = { sql: string; params: unknown[]; mapper: ReturnType<Buildable<Rows>["prepare"]> };

const bind = <Rows>(d1: D1Database, { sql, params, mapper }: Compiled<Rows>, values: Record<string, unknown> = {}): BoundQuery<Rows> => {
  const bound = fillPlaceholders(params, values);
  return { statement: d1.prepare(sql).bind(...bound), sql, params: bound, rows: (result) => mapper.mapAllResult(result, true) as Rows };
};

const compile = <Rows>(query: Buildable<Rows>): Compiled<Rows> => ({ ...query.toSQL(), mapper: query.prepare() });

/** Runs a bound query on its own, outside a batch. */
export const runQuery = async <Rows>(query: BoundQuery<Rows>) => query.rows(await query.statement.all());

/** The first row a bound query reads on its own, or null. */
export const firstOf = async <Row>(query: BoundQuery<Row[]>) => (await runQuery(query))[0] ?? null;

/** A builder query bound for `batchNamed`, compiled on each call: for reads off the hot path. */
export const boundQuery = <Rows>(d1: D1Database, query: Buildable<Rows>) => bind(d1, compile(query));

/**
 * Compiling a query from drizzle's builder costs about a millisecond for the feed's 50 columns and joins, every
 * request. Hot reads build theirs once per shape with `sql.placeholder` for every value, and bind the values per
 * request. The SQL and the row mapping do not depend on the D1 binding they were first built with.
 */
export const compiledQueries = <Shape extends string, Rows>() => {
  const cache = new Map<Shape, Compiled<Rows>>();
  return (d1: D1Database, shape: Shape, build: () => Buildable<Rows>, values: Record<string, unknown>): BoundQuery<Rows> => {
    let compiled = cache.get(shape);
    if (!compiled) {
      compiled = compile(build());
      cache.set(shape, compiled);
    }
    return bind(d1, compiled, values);
  };
};
