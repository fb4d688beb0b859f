import { randomBytes } from "node:crypto";
import type { ShardMapSource } from "#shared/shard-map";
import { ONE_DATABASE_MAP_VAR } from "../../scripts/lib/local-app";
import { freePort, run } from "../../scripts/lib/processes";
import { DEPLOYED_ENTRY, startWorkerd, WRANGLER, type WorkerdApp } from "../../scripts/lib/workerd";

export type Server = WorkerdApp;

/** Players over user shards instead of the one database: the map, and the shard bindings wrangler.toml lacks. */
export type UserShards = { map: ShardMapSource; databases: Record<string, string> };

const BASELINE_CONFIG = "bench/baseline/wrangler.toml";
/** Bare handlers running the app's own feed and pick SQL, beside the app on its database (bench/baseline/app-sql.ts). */
const APP_SQL_CONFIG = "bench/baseline/app-sql.wrangler.toml";

export const migrateBaseline = async (stateDir: string) => {
  for (const binding of ["DB", "SHARD_0", "SHARD_1", "SHARD_2", "SHARD_3"]) {
    await run(WRANGLER, [
      "d1",
      "migrations",
      "apply",
      binding,
      "--local",
      `--persist-to=${stateDir}`,
      "-c",
      BASELINE_CONFIG,
    ]);
  }
};

/**
 * The built app on local workerd, as production runs it (scripts/lib/workerd.ts): the API scenarios reach the worker
 * directly, like the baselines; `site` puts the SPA's assets router in front, for Lighthouse.
 */
export const startApp = async (
  stateDir: string,
  workerLog: NodeJS.WritableStream,
  { site = false, shards, appSql = false }: { site?: boolean; shards?: UserShards; appSql?: boolean } = {},
): Promise<Server> => {
  const port = await freePort();
  return startWorkerd({
    extraDatabases: shards?.databases,
    companion: appSql ? { config: APP_SQL_CONFIG, port: await freePort() } : undefined,
    config: "wrangler.toml",
    entry: DEPLOYED_ENTRY,
    stateDir,
    port,
    assets: site,
    workerLog,
    vars: {
      APP_URL: `http://127.0.0.1:${port}`,
      // As staging and production serve visitors' public reads (off in local dev for the browser tests' fixtures).
      EDGE_CACHE: "on",
      USER_SHARD_MAP: shards ? JSON.stringify(shards.map) : ONE_DATABASE_MAP_VAR,
      // A fresh clone has no .dev.vars; the bench needs no particular secret, only a valid one.
      SESSION_SECRET: randomBytes(32).toString("hex"),
    },
  });
};

/** The bench-only worker: a bare hello-world and a bare one-row D1 SELECT, on the same workerd. */
export const startBaseline = async (stateDir: string, workerLog: NodeJS.WritableStream): Promise<Server> =>
  startWorkerd({ config: BASELINE_CONFIG, stateDir, port: await freePort(), assets: false, workerLog, vars: {} });
