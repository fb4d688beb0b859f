import { contests } from "../../db/schema";
import { catalogueCopies } from "../../db/shards";
import { columnsExcept, rowCopySql } from "../../db/row-copy";

/** Every column but created_by, which names an admin who lives in another shard. */
const COPY = rowCopySql("contests", columnsExcept(contests, ["created_by"]));

/**
 * Copies the catalogue's rows of these contests to every user shard (and a move's target) before the caller answers: a
 * join checks, in its own batch on the player's shard, that the contest is open, and a payout that the contest is closed.
 */
export const mirrorContests = async (env: Env, contestIds: readonly string[]) => {
  const copies = catalogueCopies(env);
  if (copies.length === 0 || contestIds.length === 0) return;
  const { results } = await env.DB.prepare(COPY.read).bind(JSON.stringify(contestIds)).all();
  const rows = JSON.stringify(results);
  await Promise.all(copies.map((db) => db.prepare(COPY.upsert).bind(rows).run()));
};
