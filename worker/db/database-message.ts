import * as z from "zod";
import type { DataContext, PlayerDatabase } from "./data-context";

/**
 * How a queue message names a player database (PlayerDatabase.name), so its consumer finds the same one again.
 * Messages already on the queues spell the field `shard`.
 */
export const databaseNameSchema = z.object({ shard: z.string().min(1).max(64) });

export type DatabaseName = z.infer<typeof databaseNameSchema>;

export const nameOf = ({ name }: PlayerDatabase): DatabaseName => ({ shard: name });

/** The database a message names; undefined when the map no longer has it. */
export const databaseNamed = (data: DataContext, message: DatabaseName) => data.playersNamed(message.shard);
