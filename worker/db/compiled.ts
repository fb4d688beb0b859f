import { fillPlaceholders } from "drizzle-orm";
import { flatRowReader } from "./flat-rows";

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
