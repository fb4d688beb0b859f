import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { SqlRow } from "./rows";

/**
 * A joined column under a name of its own. D1 answers a batch with objects keyed by column name, and drizzle reads
 * them back by position, so two selected columns with one name (a pick's `id` beside the question's, two users'
 * `username`) would shift every value after them.
 */
export const renamed = <C extends SQLiteColumn>(column: C, alias: string) =>
  sql<C["_"]["data"] | null>`${column}`.mapWith(column).as(alias);

/**
 * Every column of a table under its database name and as stored, undecoded (a boolean stays 0 or 1, JSON its text):
 * the builder's `SELECT *` for a row that raw statements' values are compared with, or that is recorded as the
 * database holds it. The cast names what the loop builds: one fragment per column, read back as SqlRow says.
 */
export const storedColumns = <T extends SQLiteTable>(table: T) =>
  Object.fromEntries(Object.values(getTableColumns(table)).map((column) => [column.name, sql`${column}`])) as {
    [K in keyof SqlRow<T>]: SQL<SqlRow<T>[K]>;
  };
