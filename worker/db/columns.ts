import { sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * A joined column under a name of its own. D1 answers a batch with objects keyed by column name, and drizzle reads
 * them back by position, so two selected columns with one name (a pick's `id` beside the question's, two users'
 * `username`) would shift every value after them.
 */
export const renamed = <C extends SQLiteColumn>(column: C, alias: string) =>
  sql<C["_"]["data"] | null>`${column}`.mapWith(column).as(alias);
