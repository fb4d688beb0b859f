import { getTableColumns } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/** A table's column names, but those a copy leaves alone (the copy's own, or what names a row in another database). */
export const columnsExcept = (table: SQLiteTable, kept: readonly string[]) =>
  Object.values(getTableColumns(table))
    .map((column) => column.name)
    .filter((name) => !kept.includes(name));

/**
 * The SQL of a copy that shards keep of catalogue rows: `read` selects rows by id (a JSON array of ids) and `upsert`
 * writes them from the JSON array `read` answered, overwriting `columns` of rows already there and nothing else.
 */
export const rowCopySql = (table: string, columns: readonly string[]) => {
  const list = columns.join(", ");
  return {
    read: `SELECT ${list} FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`,
    // `WHERE true`: SQLite reads ON CONFLICT after a bare FROM as a join constraint.
    upsert: `INSERT INTO ${table} (${list})
      SELECT ${columns.map((column) => `value ->> '${column}'`).join(", ")} FROM json_each(?1) WHERE true
      ON CONFLICT (id) DO UPDATE SET ${columns
        .filter((column) => column !== "id")
        .map((column) => `${column} = excluded.${column}`)
        .join(", ")}`,
  };
};
