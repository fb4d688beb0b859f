import { users } from "../../db/schema";
import { groupByShard, playerDb } from "../../db/shards";
import { assertPlayerWritable } from "../../lib/write-pause";
import { columnsExcept, rowCopySql } from "../../db/row-copy";
import type { NamedResults } from "../../db/statement";
import { batchIfAny, batchTogether, writesNothing, type Statements } from "../../db/catalogue-and-shard";

/**
 * The catalogue's `users` table is the directory of every player: email, username and referral code are unique
 * there across all shards, and sign-in looks a player up there. Each player's shard keeps a copy of the row, which
 * their sessions, ledger and picks point at. Only max_streak is the shard's own (settlement computes it there).
 */
const COPY = rowCopySql("users", columnsExcept(users, ["max_streak"]));

/** Copies the directory's rows of these players to their shards; nothing to do where a shard is the catalogue. */
export const mirrorUsers = async (env: Env, userIds: readonly string[]) => {
  const groups = [...groupByShard(env, userIds)].filter(([shard]) => shard.db !== env.DB);
  await Promise.all(
    groups.map(async ([{ db }, ids]) => {
      const { results } = await env.DB.prepare(COPY.read).bind(JSON.stringify(ids)).all();
      if (results.length > 0) await db.prepare(COPY.upsert).bind(JSON.stringify(results)).run();
    }),
  );
};

/**
 * A change to a player's account that writes both the directory (catalogue) and the player's own rows. Where the
 * player's shard is the catalogue it is one batch, as atomic as before shards. Otherwise the directory commits first
 * and its batch reads the row back, and the shard's batch copies the row before the player's own statements: one
 * round trip to each database. Each step is safe to repeat, so a failure between them is mended by the player trying
 * again.
 */
export const writeAccount = async <D extends Statements, P extends Statements>(
  env: Env,
  userId: string,
  directory: (d1: D1Database) => D,
  player: (d1: D1Database) => P,
): Promise<{ directory: NamedResults<D>; player: NamedResults<P> }> => {
  assertPlayerWritable(env, userId);
  const shard = playerDb(env, userId);
  if (shard === env.DB) {
    const results = await batchTogether(env.DB, directory(env.DB), player(env.DB));
    return { directory: results, player: results };
  }
  const directoryStatements = directory(env.DB);
  if (writesNothing(directoryStatements)) {
    return { directory: await batchIfAny(env.DB, directoryStatements), player: await batchIfAny(shard, player(shard)) };
  }
  const read = { accountRow: env.DB.prepare(COPY.read).bind(JSON.stringify([userId])) };
  const directoryResults = await batchTogether(env.DB, directoryStatements, read);
  const copy = { accountCopy: shard.prepare(COPY.upsert).bind(JSON.stringify(directoryResults.accountRow.results)) };
  return { directory: directoryResults, player: await batchTogether(shard, copy, player(shard)) };
};
