import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/** What D1 returns for a column: booleans are 0 or 1 and JSON is its text, as stored; NULL where the column allows it. */
type StoredValue<C extends SQLiteColumn> = C["_"]["columnType"] extends "SQLiteBoolean"
  ? number
  : C["_"]["columnType"] extends "SQLiteTextJson"
    ? string
    : C["_"]["data"];

type Nullable<C extends SQLiteColumn, V> = C["_"]["notNull"] extends true ? V : V | null;

/**
 * A table's row as raw SQL reads it (`SELECT *`): the database's column names and storage types, inferred from the
 * schema, so a statement's row type changes with the table.
 */
export type SqlRow<T extends SQLiteTable> = {
  [K in keyof T["_"]["columns"] as T["_"]["columns"][K]["_"]["name"]]: Nullable<
    T["_"]["columns"][K],
    StoredValue<T["_"]["columns"][K]>
  >;
};

/** Some of a table's columns, by their database names. */
export type SqlColumns<T extends SQLiteTable, K extends keyof SqlRow<T>> = Pick<SqlRow<T>, K>;
