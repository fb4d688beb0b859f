import { users } from "../../db/schema";
import type { DataContext } from "../../db/data-context";
import { columnsExcept, rowCopySql } from "../../db/row-copy";
import type { NamedResults } from "../../db/statement";
import { batchIfAny, batchTogether, writesNothing, type Statements } from "../../db/batches";

/**
 * The catalogue's `users` table is the directory of every player: email, username and referral code are unique
 * there across all player databases, and sign-in looks a player up there. Each player's database keeps a copy of the
 * row, which their sessions, ledger and picks point at. Only max_streak is that database's own (settlement computes it
 * there).
 */
const COPY = rowCopySql("users", columnsExcept(users, ["max_streak"]));

const readAccounts = (catalogue: D1Database, userIds: readonly string[]) =>
  catalogue.prepare(COPY.read).bind(JSON.stringify(userIds));

const copyAccounts = (db: D1Database, rows: unknown[]) => db.prepare(COPY.upsert).bind(JSON.stringify(rows));

/** Copies the directory's rows of these players to their databases; nothing to do where that is the catalogue. */
export const copyUsers = async (data: DataContext, userIds: readonly string[]) => {
  const groups = [...data.groupPlayers(userIds)].filter(([{ db }]) => db !== data.catalogue);
  await Promise.all(
    groups.map(async ([{ db }, ids]) => {
      const { results } = await readAccounts(data.catalogue, ids).all();
      if (results.length > 0) await copyAccounts(db, results).run();
    }),
  );
};

/**
 * A change to a player's account that writes both the directory (catalogue) and the player's own rows. Where the
 * player's database is the catalogue it is one batch, and atomic. Otherwise the directory commits first and its batch
 * reads the row back, and the player database's batch copies the row before the player's own statements: one round
 * trip to each database. Each step is safe to repeat, so a failure between them is mended by the player trying again.
 */
export const writeAccount = async <D extends Statements, P extends Statements>(
  data: DataContext,
  userId: string,
  directory: (d1: D1Database) => D,
  player: (d1: D1Database) => P,
): Promise<{ directory: NamedResults<D>; player: NamedResults<P> }> => {
  const { catalogue } = data;
  const db = data.writablePlayer(userId);
  if (db === catalogue) {
    const results = await batchTogether(catalogue, directory(catalogue), player(catalogue));
    return { directory: results, player: results };
  }
  const directoryStatements = directory(catalogue);
  if (writesNothing(directoryStatements)) {
    return { directory: await batchIfAny(catalogue, directoryStatements), player: await batchIfAny(db, player(db)) };
  }
  const directoryResults = await batchTogether(catalogue, directoryStatements, {
    accountRow: readAccounts(catalogue, [userId]),
  });
  const copy = { accountCopy: copyAccounts(db, directoryResults.accountRow.results) };
  return { directory: directoryResults, player: await batchTogether(db, copy, player(db)) };
};
