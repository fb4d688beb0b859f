import type { DataContext } from "../../db/data-context";
import { contests } from "../../db/schema";
import { columnsExcept, rowCopySql } from "../../db/row-copy";

/** Every column but created_by, which names an admin who lives in another database. */
const COPY = rowCopySql("contests", columnsExcept(contests, ["created_by"]));

/**
 * Copies the catalogue's rows of these contests to every player database (and a move's target) before the caller
 * answers: a join checks, in its own batch on the player's database, that the contest is open, and a payout that the
 * contest is closed.
 */
export const copyContests = async (data: DataContext, contestIds: readonly string[]) => {
  const copies = data.questionCopies();
  if (copies.length === 0 || contestIds.length === 0) return;
  const { results } = await data.catalogue.prepare(COPY.read).bind(JSON.stringify(contestIds)).all();
  const rows = JSON.stringify(results);
  await Promise.all(copies.map((db) => db.prepare(COPY.upsert).bind(rows).run()));
};
