import type { BoundQuery } from "./compiled";

declare const rowType: unique symbol;

/** A prepared statement that knows the row it reads, so its results are typed where they are used. */
export type TypedStatement<Row> = D1PreparedStatement & { readonly [rowType]?: Row };

/** Declares the row a statement reads; write the row with SqlRow/SqlColumns so it follows the schema. */
export const typed = <Row>(statement: D1PreparedStatement): TypedStatement<Row> => statement;

export const firstRow = <Row>(statement: TypedStatement<Row>) => statement.first<Row>();

export const allRows = async <Row>(statement: TypedStatement<Row>) => (await statement.all<Row>()).results;

/** A raw statement, a list of them, or a builder query bound for a batch (read back as its typed rows). */
export type BatchEntry = D1PreparedStatement | readonly D1PreparedStatement[] | BoundQuery<unknown>;

type RowOf<S> = S extends TypedStatement<infer Row> ? (unknown extends Row ? unknown : Row) : unknown;

type EntryResult<E> =
  E extends readonly D1PreparedStatement[] ? D1Result<RowOf<E[number]>>[] : E extends BoundQuery<infer Rows> ? Rows : D1Result<RowOf<E>>;

export type NamedResults<G extends Record<string, BatchEntry>> = { [K in keyof G]: EntryResult<G[K]> };

const isBoundQuery = (entry: BatchEntry): entry is BoundQuery<unknown> => "rows" in entry && "statement" in entry;

const statementsOf = (entry: BatchEntry): D1PreparedStatement[] => {
  if (isBoundQuery(entry)) return [entry.statement];
  return Array.isArray(entry) ? entry : [entry as D1PreparedStatement];
};

/**
 * Runs named statements (or lists of them, or builder queries) as one batch, one D1 round trip and one transaction,
 * in the order the names are written, and answers each name with its own results: a caller never counts positions
 * in the batch. A builder query answers with its rows, mapped by drizzle.
 */
export const batchNamed = async <G extends Record<string, BatchEntry>>(d1: D1Database, groups: G): Promise<NamedResults<G>> => {
  const entries = Object.entries(groups);
  const results = await d1.batch(entries.flatMap(([, entry]) => statementsOf(entry)));
  let next = 0;
  const named = entries.map(([name, entry]) => {
    if (isBoundQuery(entry)) return [name, entry.rows(results[next++]!)];
    if (!Array.isArray(entry)) return [name, results[next++]];
    const group = results.slice(next, next + entry.length);
    next += entry.length;
    return [name, group];
  });
  return Object.fromEntries(named) as NamedResults<G>;
};
