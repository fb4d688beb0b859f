import { wrappedD1 } from "./wrapped-d1";

/**
 * D1's published limits that local workerd does not enforce (its SQLite allows a string of a billion bytes): a query
 * within them here runs in production too.
 */
export const D1_LIMITS = { boundValueBytes: 2_000_000, statementBytes: 100_000, boundParameters: 100 } as const;

const byteLength = (value: unknown) =>
  typeof value === "string"
    ? new TextEncoder().encode(value).byteLength
    : value instanceof ArrayBuffer || ArrayBuffer.isView(value)
      ? value.byteLength
      : 0;

const checkedStatement = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
  const bind = statement.bind.bind(statement);
  statement.bind = (...values: unknown[]) => {
    if (values.length > D1_LIMITS.boundParameters)
      throw new Error(`D1 limit: ${values.length} bound parameters in ${query}`);
    const largest = Math.max(0, ...values.map(byteLength));
    if (largest > D1_LIMITS.boundValueBytes) throw new Error(`D1 limit: a bound value of ${largest} bytes in ${query}`);
    return bind(...values);
  };
  return statement;
};

/** A D1 database that refuses, as production's would, a query beyond D1's limits. */
export const limitedD1 = (db: D1Database): D1Database =>
  wrappedD1(db, (core) => ({
    prepare: (query) => {
      const bytes = byteLength(query);
      if (bytes > D1_LIMITS.statementBytes) throw new Error(`D1 limit: a statement of ${bytes} bytes`);
      return checkedStatement(core.prepare(query), query.slice(0, 120));
    },
    batch: (statements) => core.batch(statements),
  }));
