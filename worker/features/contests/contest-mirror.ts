import { getTableColumns } from "drizzle-orm";
import { contests } from "../../db/schema";
import { shardMap } from "../../db/shards";

/** Every column but created_by, which names an admin who lives in another shard. */
const MIRRORED = Object.values(getTableColumns(contests))
  .map((column) => column.name)
  .filter((name) => name !== "created_by");

const columns = MIRRORED.join(", ");
const READ = `SELECT ${columns} FROM contests WHERE id IN (SELECT value FROM json_each(?))`;
// `WHERE true`: SQLite reads ON CONFLICT after a bare FROM as a join constraint.
const UPSERT = `INSERT INTO contests (${columns})
  SELECT ${MIRRORED.map((column) => `value ->> '${column}'`).join(", ")} FROM json_each(?1) WHERE true
  ON CONFLICT (id) DO UPDATE SET ${MIRRORED.filter((column) => column !== "id").map((column) => `${column} = excluded.${column}`).join(", ")}`;

/**
 * Copies the catalogue's rows of these contests to every user shard before the caller answers: a join checks, in its
 * own batch on the player's shard, that the contest is open, and a payout that the contest is closed.
 */
export const mirrorContests = async (env: Env, contestIds: readonly string[]) => {
  const map = shardMap(env);
  if (map.sharesCatalogue || contestIds.length === 0) return;
  const { results } = await env.DB.prepare(READ).bind(JSON.stringify(contestIds)).all();
  const rows = JSON.stringify(results);
  await Promise.all(map.shards.map(({ db }) => db.prepare(UPSERT).bind(rows).run()));
};
