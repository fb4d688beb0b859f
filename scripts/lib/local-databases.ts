import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig, unstable_splitSqlQuery } from "wrangler";
import { bucketOf, readShardMap, shardForBucket, type ShardMapSource } from "#shared/shard-map";

/** The catalogue's binding: questions, rewards, promo codes, contests and the directory of every player. */
export const CATALOGUE = "DB";

/**
 * The local D1 databases of wrangler.toml's top level and the user shard map that `npm start` and the browser tests
 * run: the top level's, or USER_SHARD_MAP from the environment (JSON) for a run that wants another.
 */
export const localDatabases = () => {
  const config = unstable_readConfig({ config: "wrangler.toml" }, { hideWarnings: true });
  const map = readShardMap(process.env.USER_SHARD_MAP ?? config.vars.USER_SHARD_MAP);
  const bindings: string[] = config.d1_databases.map((database: { binding: string }) => database.binding);
  return { bindings, map };
};

/** The binding of the shard that holds a player under the map. */
export const shardBindingOf = (map: ShardMapSource, userId: string) =>
  shardForBucket({ shards: map.shards.map((shard) => ({ ...shard, firstBucket: shard.from })) }, bucketOf(userId))
    .binding;

type LocalD1 = Awaited<ReturnType<Miniflare["getD1Database"]>>;

/** Where wrangler keeps local state without --persist-to; with it, that directory instead. */
const DEFAULT_STATE = ".wrangler/state";

/**
 * The config's local D1 databases, opened in one workerd through Miniflare, where `wrangler dev --persist-to` and the
 * local worker (scripts/lib/workerd.ts) find them. One runtime for every database: `wrangler d1` starts one per
 * command and per migration, which took about 16 s a database.
 */
const withLocalDatabases = async <T>(
  persistTo: string | undefined,
  work: (databaseOf: (binding: string) => Promise<LocalD1>) => Promise<T>,
) => {
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch: () => new Response(null, { status: 404 }) };",
    d1Databases: workerOptions.d1Databases,
    d1Persist: join(persistTo ?? DEFAULT_STATE, "v3", "d1"),
    log: new Log(LogLevel.WARN),
  });
  try {
    return await work((binding) => mf.getD1Database(binding));
  } finally {
    await mf.dispose();
  }
};

const MIGRATIONS_DIR = "migrations";
/** wrangler's own record of what it applied, so `wrangler d1 migrations apply` agrees with this. */
const MIGRATIONS_TABLE = "d1_migrations";

const readMigrations = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, queries: unstable_splitSqlQuery(readFileSync(join(MIGRATIONS_DIR, name), "utf8")) }));

/** Every local database takes the same migrations, each in one batch; which tables each uses is the shard map's business. */
export const migrateLocalDatabases = (persistTo?: string) =>
  withLocalDatabases(persistTo, async (databaseOf) => {
    const migrations = readMigrations();
    for (const binding of localDatabases().bindings) {
      const db = await databaseOf(binding);
      await db
        .prepare(
          `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE,
             applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
        )
        .run();
      const applied = new Set(
        (await db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all<{ name: string }>()).results.map(
          (row: { name: string }) => row.name,
        ),
      );
      for (const { name, queries } of migrations.filter((migration) => !applied.has(migration.name))) {
        await db.batch([
          ...queries.map((query) => db.prepare(query)),
          db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?)`).bind(name),
        ]);
      }
    }
  });

/** Runs SQL text (statements separated as in a .sql file) on local databases, each database's in one batch. */
export const executeLocalSql = (sqlByBinding: Record<string, string>, persistTo?: string) =>
  withLocalDatabases(persistTo, async (databaseOf) => {
    for (const [binding, sql] of Object.entries(sqlByBinding)) {
      const db = await databaseOf(binding);
      const statements = unstable_splitSqlQuery(sql).filter((statement) => statement.trim() !== "");
      if (statements.length > 0) await db.batch(statements.map((statement) => db.prepare(statement)));
    }
  });
