import { and, desc, eq, gt, lt, or, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { CursorValue, Keyset } from "../lib/cursor";

export type SortKey = { column: SQLiteColumn; descending: boolean };

/**
 * Rows after the one a cursor names, in the order `keys` give: (k1 after v1) OR (k1 = v1 AND (k2 after v2 ...)).
 * The last key must make the order total (the id), so a page never skips or repeats a row.
 */
export const afterRow = (keys: readonly SortKey[], values: readonly (CursorValue | Placeholder)[]): SQL | undefined => {
  const [first, ...rest] = keys;
  const [value, ...restValues] = values;
  if (!first || value === undefined) return undefined;
  const after = first.descending ? lt(first.column, value) : gt(first.column, value);
  return rest.length === 0 ? after : or(after, and(eq(first.column, value), afterRow(rest, restValues)));
};

export const orderBy = (keys: readonly SortKey[]) =>
  keys.map((key) => (key.descending ? desc(key.column) : key.column));

type KeysetColumns = { createdAt: SQLiteColumn; id: SQLiteColumn };

const newestFirstKeys = ({ createdAt, id }: KeysetColumns): SortKey[] => [
  { column: createdAt, descending: true },
  { column: id, descending: true },
];

/** Rows after the last one shown in a newest-first list: (created_at, id) below it. No cursor: every row. */
export const afterKeyset = (columns: KeysetColumns, after: Keyset | null) =>
  after ? afterRow(newestFirstKeys(columns), [after.createdAt, after.id]) : undefined;

export const newestFirst = (columns: KeysetColumns) => orderBy(newestFirstKeys(columns));

/** newestFirst's order for rows read from several databases and merged: created_at, then id, both descending. */
export const newestFirstOrder = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
