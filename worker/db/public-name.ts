import { sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * What other people see in place of a deleted account's name. A deleted account keeps a unique placeholder username
 * (`deleted_` and its id), which would show the id and tell one deleted player from another; this says only that the
 * player is gone. A username has no spaces, so no player can take this name.
 */
export const DELETED_PLAYER_NAME = "Deleted player";

/**
 * A player's name as everyone else is shown it (activity, standings, stats, the audit log), under `alias`: select
 * this, never the username column, wherever one player's name reaches another person.
 */
export const publicName = (player: { username: SQLiteColumn; deletedAt: SQLiteColumn }, alias = "username") =>
  sql<string>`CASE WHEN ${player.deletedAt} IS NULL THEN ${player.username} ELSE ${sql.raw(`'${DELETED_PLAYER_NAME}'`)} END`.as(
    alias,
  );
