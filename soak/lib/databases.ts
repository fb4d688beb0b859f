import { createHash, createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { CATALOGUE, localDatabases } from "../../scripts/lib/local-databases";
import type { ShardMapSource } from "#shared/shard-map";

/** Miniflare keeps each local D1 database as a Durable Object's SQLite file in this folder of `v3/d1`. */
const D1_OBJECTS = "miniflare-D1DatabaseObject";

/**
 * The file name Miniflare gives a database: the id of the Durable Object named after the database id, derived as
 * Miniflare's durableObjectNamespaceIdFromName does (not exported). Checked against the files on disk by d1FileOf.
 */
const objectIdFromName = (uniqueKey: string, name: string) => {
  const key = createHash("sha256").update(uniqueKey).digest();
  const nameHmac = createHmac("sha256", key).update(name).digest().subarray(0, 16);
  const hmac = createHmac("sha256", key).update(nameHmac).digest().subarray(0, 16);
  return Buffer.concat([nameHmac, hmac]).toString("hex");
};

export type SoakDatabases = {
  /** The user shard map in force: USER_SHARD_MAP from the environment, else wrangler.toml's (two shards locally). */
  map: ShardMapSource;
  /** Every D1 binding of wrangler.toml's top level, the catalogue first. */
  bindings: string[];
  /** The bindings that hold players under the map, each once. */
  playerBindings: string[];
  /** The SQLite file of a binding in a state directory migrated by wrangler (`--persist-to`). */
  fileOf: (binding: string) => string;
};

/**
 * The local databases as `npm start` and the browser journeys run them (scripts/lib/local-databases.ts), and where
 * each one's file lies in a state directory, by the database ids the worker's Miniflare options give them.
 */
export const soakDatabases = (stateDir: string): SoakDatabases => {
  const { bindings, map } = localDatabases();
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const ids = workerOptions.d1Databases as Record<string, string | { id: string }> | undefined;
  const fileOf = (binding: string) => {
    const entry = ids?.[binding];
    if (entry === undefined) throw new Error(`wrangler.toml binds no D1 database ${binding} (the shard map names it)`);
    const id = typeof entry === "string" ? entry : entry.id;
    const file = join(stateDir, "v3", "d1", D1_OBJECTS, `${objectIdFromName(D1_OBJECTS, id)}.sqlite`);
    if (!existsSync(file))
      throw new Error(`No D1 file for ${binding} (database id ${id}) at ${file}: was it migrated?`);
    return file;
  };
  const playerBindings = [...new Set(map.shards.map((shard) => shard.binding))];
  return {
    map,
    bindings: [CATALOGUE, ...(bindings as string[]).filter((binding) => binding !== CATALOGUE)],
    playerBindings,
    fileOf,
  };
};
