import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { bucketOf, SHARD_BUCKETS, type ShardMapSource } from "#shared/shard-map";
import { BENCH_PASSWORD } from "../../scripts/lib/local-app";
import { hashPassword } from "../../scripts/lib/password";
import { startingCreditsSql, userCreditsSql, userId, usersSql } from "../../scripts/lib/players-sql";
import { run } from "../../scripts/lib/processes";
import { WRANGLER } from "../../scripts/lib/workerd";
import type { UserShards } from "./servers";
import { QUESTIONS, questionsSql } from "./dataset-sql";

const CATALOGUE = { binding: "DB", id: "00000000-0000-0000-0000-000000000000" };
/** SHARD_0 and SHARD_1 have wrangler.toml's local ids, so the app finds them; the bench adds SHARD_2 and SHARD_3. */
const shardDatabase = (index: number) => ({
  binding: `SHARD_${index}`,
  id: `00000000-0000-0000-0000-0000000001${String(index).padStart(2, "0")}`,
});
const CONFIG_SHARDS = 2;

const quoted = (value: string | number) =>
  typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

/** wrangler d1 execute takes no binds: the shared password's hash is written into the statement. */
const usersWithPassword = (count: number, now: number) => {
  const { hash, salt, iterations } = hashPassword(BENCH_PASSWORD);
  return usersSql(count, now).replace("?1", quoted(hash)).replace("?2", quoted(salt)).replace("?3", quoted(iterations));
};

/** N shards with equal ranges of buckets, none of them the catalogue. */
export const evenMap = (shards: number): ShardMapSource => ({
  version: 1,
  shards: Array.from({ length: shards }, (_, i) => ({
    binding: shardDatabase(i).binding,
    from: (i * SHARD_BUCKETS) / shards,
  })),
});

const shardIndexOf = (map: ShardMapSource, id: string) => {
  const bucket = bucketOf(id);
  return map.shards.filter((shard) => shard.from <= bucket).length - 1;
};

/**
 * A fresh local state for the app with `players` bench players over `shards` user shards: the catalogue holds the
 * questions and every player's directory row; each shard its copy of the questions and its own players with their
 * starting credits in the ledger, as sign-up and the question copies would have written them.
 */
export const prepareShardState = async (stateDir: string, shards: number, players: number): Promise<UserShards> => {
  mkdirSync(stateDir, { recursive: true });
  const map = evenMap(shards);
  const databases = [CATALOGUE, ...Array.from({ length: shards }, (_, i) => shardDatabase(i))];
  const config = join(stateDir, "wrangler.json");
  const migrations = resolve("migrations");
  writeFileSync(
    config,
    JSON.stringify({
      name: "pickstreak-bench-shards",
      compatibility_date: "2026-04-01",
      d1_databases: databases.map(({ binding, id }) => ({
        binding,
        database_name: binding.toLowerCase(),
        database_id: id,
        migrations_dir: migrations,
      })),
    }),
  );
  const now = Date.now();
  const questions = `${questionsSql(QUESTIONS.reserve.to, now)};`;
  const ids = Array.from({ length: players }, (_, i) => userId(i));
  for (const [index, { binding }] of databases.entries()) {
    const own = ids.filter((id) => shardIndexOf(map, id) === index - 1);
    const statements =
      index === 0
        ? [questions, `${usersWithPassword(players, now)};`]
        : [
            questions,
            `${usersWithPassword(players, now)};`,
            `DELETE FROM users WHERE id NOT IN (SELECT value FROM json_each(${quoted(JSON.stringify(own))}));`,
            `${startingCreditsSql("bench-credits-", "bench-credits:", 1_000, "Bench starting credits")};`,
            `${userCreditsSql};`,
          ];
    const file = join(stateDir, `${binding}.sql`);
    writeFileSync(file, statements.join("\n"));
    const local = ["--local", `--persist-to=${stateDir}`, "-c", config];
    await run(WRANGLER, ["d1", "migrations", "apply", binding, ...local]);
    await run(WRANGLER, ["d1", "execute", binding, "--file", file, "--yes", ...local]);
  }
  const extra = databases.slice(1 + CONFIG_SHARDS).map(({ binding, id }) => [binding, id]);
  return { map, databases: Object.fromEntries(extra) };
};

/** How many rows of a table each shard holds, read after the app has stopped. */
export const rowsPerShard = async (stateDir: string, shards: number, table: string) => {
  const counts: number[] = [];
  for (let i = 0; i < shards; i += 1) {
    const output = await run(WRANGLER, [
      "d1",
      "execute",
      shardDatabase(i).binding,
      "--command",
      `SELECT count(*) AS n FROM ${table}`,
      "--json",
      "--local",
      `--persist-to=${stateDir}`,
      "-c",
      join(stateDir, "wrangler.json"),
    ]);
    counts.push(Number((JSON.parse(output) as { results: { n: number }[] }[])[0]?.results[0]?.n ?? 0));
  }
  return counts;
};
