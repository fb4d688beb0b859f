import { readdirSync } from "node:fs";
import { join } from "node:path";
import { run } from "./processes";
import { WRANGLER } from "./workerd";
import { ONE_DATABASE_MAP } from "#shared/shard-map";

/** The password of every bench player, and of the demo accounts scripts/seed.ts writes. */
export const BENCH_PASSWORD = "bench-password-123";
export const DEMO_PASSWORD = "password123";
export const DEMO_ACCOUNTS = { admin: "admin@example.com", player: "player@example.com" } as const;

/**
 * The small deployment's shard map as a var, every player in the catalogue database: the bench writes its data straight
 * into that one database file (findD1File), and the shard rehearsal starts from it. (The soak runs the local map over
 * every local database, as `npm start` does: soak/lib/prepare.ts.)
 */
export const ONE_DATABASE_MAP_VAR = JSON.stringify(ONE_DATABASE_MAP);

/** The app's migrations on the catalogue of a local state directory; the bench writes its data into the file afterwards. */
export const migrateApp = (stateDir: string) =>
  run(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", `--persist-to=${stateDir}`]);

/** wrangler keeps a local D1 database as one SQLite file per database under the state directory. */
export const findD1File = (stateDir: string) => {
  const dir = join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`Expected one D1 file in ${dir}, found: ${files.join(", ") || "none"}`);
  return join(dir, files[0] ?? "");
};
