import { applyD1Migrations, env } from "cloudflare:test";
import { afterAll, vi } from "vitest";
import { SHARDS } from "./shards";
import { startTestFile } from "./test-file";
import { closeEverySocket } from "./live";
import { clearRecordedPoints } from "../lib/metrics";

/**
 * One workerd runtime serves many test files (`isolate: false`: starting one costs seconds, migrating costs less than
 * a second), so every file starts from databases exactly as the migrations leave them. The first file migrates and
 * keeps what the migrations wrote; each later file empties every table and writes that back, one batch per database.
 * Triggers are dropped around the wipe because the admin audit log's refuses deletes, and restored in the same batch.
 */

type Snapshot = {
  /** Every table, view, index and trigger the migrations made, as `type:name`. */
  objects: string[];
  triggers: string[];
  tables: string[];
  seed: { table: string; rows: Record<string, unknown>[] }[];
};

const SCHEMA_OBJECTS = "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view', 'index', 'trigger')";

const isAppTable = (name: string) =>
  !name.startsWith("_cf_") && !name.startsWith("sqlite_") && name !== "d1_migrations";

const takeSnapshot = async (d1: D1Database): Promise<Snapshot> => {
  const { results } = await d1
    .prepare(`${SCHEMA_OBJECTS} ORDER BY type, name`)
    .all<{ type: string; name: string; sql: string }>();
  const tables = results.filter((row) => row.type === "table" && isAppTable(row.name)).map((row) => row.name);
  const seed = await Promise.all(
    tables.map(async (table) => ({ table, rows: (await d1.prepare(`SELECT * FROM "${table}"`).all()).results })),
  );
  return {
    objects: results.map(({ type, name }) => `${type}:${name}`),
    triggers: results.filter((row) => row.type === "trigger").map((row) => row.sql),
    tables,
    seed: seed.filter(({ rows }) => rows.length > 0),
  };
};

const triggerName = (sql: string) => /CREATE TRIGGER\s+(?:IF NOT EXISTS\s+)?["`]?(\w+)/i.exec(sql)?.[1];

/** Tables, views, indexes and triggers a test made beside the migrated ones, tables last (their own go with them). */
const extrasOf = async (d1: D1Database, snapshot: Snapshot) => {
  const { results } = await d1.prepare(SCHEMA_OBJECTS).all<{ type: string; name: string }>();
  const extras = results.filter(({ type, name }) => isAppTable(name) && !snapshot.objects.includes(`${type}:${name}`));
  return [...extras.filter(({ type }) => type !== "table"), ...extras.filter(({ type }) => type === "table")];
};

const restore = async (d1: D1Database, snapshot: Snapshot) => {
  const extras = await extrasOf(d1, snapshot);
  const insertSeed = snapshot.seed.flatMap(({ table, rows }) =>
    rows.map((row) => {
      const columns = Object.keys(row);
      return d1
        .prepare(
          `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        )
        .bind(...Object.values(row));
    }),
  );
  await d1.batch([
    d1.prepare("PRAGMA defer_foreign_keys = on"),
    ...extras.map(({ type, name }) => d1.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`)),
    ...snapshot.triggers.map((sql) => d1.prepare(`DROP TRIGGER IF EXISTS "${triggerName(sql)}"`)),
    ...snapshot.tables.map((table) => d1.prepare(`DELETE FROM "${table}"`)),
    ...insertSeed,
    ...snapshot.triggers.map((sql) => d1.prepare(sql)),
  ]);
};

/** Drops whatever a test built in the database no setup migrates, so the next file finds it empty. */
const emptyUnmigrated = async (d1: D1Database) => {
  const { results } = await d1
    .prepare(
      "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    )
    .all<{ type: string; name: string }>();
  if (results.length === 0) return;
  await d1.batch([
    d1.prepare("PRAGMA defer_foreign_keys = on"),
    ...results.map(({ type, name }) => d1.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`)),
  ]);
};

const databases = [env.DB, SHARDS.SHARD_0, SHARDS.SHARD_1];
const state = globalThis as { migratedSnapshots?: Snapshot[] };
startTestFile();
// The metrics recorder lives as long as the runtime: each file counts only its own requests.
clearRecordedPoints();

if (state.migratedSnapshots) {
  const snapshots = state.migratedSnapshots;
  await Promise.all([...databases.map((d1, i) => restore(d1, snapshots[i]!)), emptyUnmigrated(env.UNMIGRATED)]);
} else {
  await Promise.all(databases.map((d1) => applyD1Migrations(d1, env.TEST_MIGRATIONS)));
  state.migratedSnapshots = await Promise.all(databases.map(takeSnapshot));
}

// A file's spies, stubs, fake clocks and sockets end with it, since the next file runs in the same isolate.
afterAll(() => {
  closeEverySocket();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
