import { execFileSync } from "node:child_process";
import { unstable_readConfig } from "wrangler";
import { bucketOf, readShardMap, shardForBucket, type ShardMapSource } from "#shared/shard-map";
import { OFFLINE_ENV } from "./processes";

/** The catalogue's binding: questions, rewards, promo codes, contests and the directory of every player. */
export const CATALOGUE = "DB";

/**
 * The local D1 databases of wrangler.toml's top level and the user shard map that `npm start` and the browser tests
 * run: the top level's, or USER_SHARD_MAP from the environment (JSON) for a run that wants another.
 */
export const localDatabases = () => {
  const config = unstable_readConfig({ config: "wrangler.toml" }, { hideWarnings: true });
  const map = readShardMap(process.env.USER_SHARD_MAP ?? config.vars.USER_SHARD_MAP);
  return { bindings: config.d1_databases.map((database: { binding: string }) => database.binding), map };
};

/** The binding of the shard that holds a player under the map. */
export const shardBindingOf = (map: ShardMapSource, userId: string) =>
  shardForBucket({ shards: map.shards.map((shard) => ({ ...shard, firstBucket: shard.from })) }, bucketOf(userId))
    .binding;

const persistArgs = (persistTo: string | undefined) => (persistTo ? [`--persist-to=${persistTo}`] : []);

/** Every local database takes the same migrations; which tables each one uses is the shard map's business. */
export const migrateLocalDatabases = (persistTo?: string) => {
  for (const binding of localDatabases().bindings) {
    execFileSync("npx", ["wrangler", "d1", "migrations", "apply", binding, "--local", ...persistArgs(persistTo)], {
      env: OFFLINE_ENV,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
};

/** Runs a SQL file on one local database. */
export const executeLocalFile = (binding: string, file: string, persistTo?: string) =>
  execFileSync("npx", ["wrangler", "d1", "execute", binding, "--local", `--file=${file}`, ...persistArgs(persistTo)], {
    env: OFFLINE_ENV,
    stdio: ["ignore", "ignore", "inherit"],
  });
