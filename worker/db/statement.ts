import type { BoundQuery } from "./compiled";

declare const rowType: unique symbol;

/** A prepared statement that knows the row it reads, so its results are typed where they are used. */
export type TypedStatement<Row> = D1PreparedStatement & { readonly [rowType]?: Row };

/** Declares the row a statement reads; write the row with SqlRow/SqlColumns so it follows the schema. */
export const typed = <Row>(statement: D1PreparedStatement): TypedStatement<Row> => statement;

export const firstRow = <Row>(statement: TypedStatement<Row>) => statement.first<Row>();

export const allRows = async <Row>(statement: TypedStatement<Row>) => (await statement.all<Row>()).results;

/** A raw statement or a builder query bound for a batch (read back as its typed rows), or a list of either kind. */
export type BatchEntry =
  D1PreparedStatement | BoundQuery<unknown> | readonly D1PreparedStatement[] | readonly BoundQuery<unknown>[];

type RowOf<S> = S extends TypedStatement<infer Row> ? (unknown extends Row ? unknown : Row) : unknown;

type EntryResult<E> = E extends readonly D1PreparedStatement[]
  ? D1Result<RowOf<E[number]>>[]
  : E extends readonly BoundQuery<infer Rows>[]
    ? Rows[]
    : E extends BoundQuery<infer Rows>
      ? Rows
      : D1Result<RowOf<E>>;

export type NamedResults<G extends Record<string, BatchEntry>> = { [K in keyof G]: EntryResult<G[K]> };

type Single = D1PreparedStatement | BoundQuery<unknown>;

const isBoundQuery = (entry: Single): entry is BoundQuery<unknown> => "rows" in entry && "statement" in entry;

const statementOf = (entry: Single) => (isBoundQuery(entry) ? entry.statement : entry);

const resultOf = (entry: Single, result: D1Result) => (isBoundQuery(entry) ? entry.rows(result) : result);

/** Array.isArray does not narrow a readonly array, hence the casts. */
const partsOf = (entry: BatchEntry) =>
  Array.isArray(entry) ? { parts: entry as readonly Single[], list: true } : { parts: [entry as Single], list: false };

/**
 * Runs named statements (or lists of them, or builder queries) as one batch, one D1 round trip and one transaction,
 * in the order the names are written, and answers each name with its own results: a caller never counts positions
 * in the batch. A builder query answers with its rows, typed and decoded as the builder selects them.
 */
export const batchNamed = async <G extends Record<string, BatchEntry>>(
  d1: D1Database,
  groups: G,
): Promise<NamedResults<G>> => {
  const entries = Object.entries(groups).map(([name, entry]) => ({ name, ...partsOf(entry) }));
  const results = await d1.batch(entries.flatMap(({ parts }) => parts.map(statementOf)));
  let next = 0;
  const named = entries.map(({ name, parts, list }) => {
    const answers = parts.map((part, i) => resultOf(part, results[next + i]!));
    next += parts.length;
    return [name, list ? answers : answers[0]];
  });
  return Object.fromEntries(named) as NamedResults<G>;
};
