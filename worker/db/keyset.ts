import { and, desc, eq, lt, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Keyset } from "../lib/cursor";

type KeysetColumns = { createdAt: SQLiteColumn; id: SQLiteColumn };

/** Rows after the last one shown in a newest-first list: (created_at, id) below it. No cursor: every row. */
export const afterKeyset = ({ createdAt, id }: KeysetColumns, after: Keyset | null) =>
  after ? or(lt(createdAt, after.createdAt), and(eq(createdAt, after.createdAt), lt(id, after.id))) : undefined;

export const newestFirst = ({ createdAt, id }: KeysetColumns) => [desc(createdAt), desc(id)];
