import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { getPlatformProxy } from "wrangler";
import { copyPlayers, deleteMovedPlayers, markMove, nextMap, verifyCopy, type Move } from "../../worker/db/shard-move";
import { ONE_DATABASE_MAP } from "#shared/shard-map";
import { d1Binding } from "../../worker/db/shards";
import { auditLedger } from "../../worker/features/credits/ledger.audit";

/**
 * Rehearses adding user shards on a copy of local data (docs/user-shards-guide.md, "Adding a shard"): the players
 * leave the one database for SHARD_0, then SHARD_0 splits with SHARD_1, each move marked, copied, verified, switched to
 * the next map and cleaned up, and every shard's ledger audited at the end. The data it starts from is never written.
 *
 *   npx tsx scripts/shards/rehearse-move.ts [--state .wrangler/state]
 */

const CATALOGUE_ID = "00000000-0000-0000-0000-000000000000";
const SHARDS = ["SHARD_0", "SHARD_1"] as const;

type Report = {
  moves: { move: Move; players: number; map: object }[];
  audit: Record<string, number>;
  players: Record<string, number>;
};

const rehearsalConfig = (dir: string) => {
  const migrations = resolve("migrations");
  const database = (binding: string, id: string) => ({
    binding,
    database_name: binding.toLowerCase(),
    database_id: id,
    migrations_dir: migrations,
  });
  const config = {
    name: "pickstreak-shard-rehearsal",
    compatibility_date: "2026-04-01",
    d1_databases: [
      database("DB", CATALOGUE_ID),
      ...SHARDS.map((binding, i) => database(binding, `00000000-0000-0000-0000-00000000001${i}`)),
    ],
  };
  const path = join(dir, "wrangler.json");
  writeFileSync(path, JSON.stringify(config, null, 2));
  return path;
};

export const rehearseMove = async ({ state }: { state: string }): Promise<Report> => {
  const dir = mkdtempSync(join(tmpdir(), "pickstreak-shards-"));
  try {
    const persist = join(dir, "state");
    cpSync(state, persist, { recursive: true });
    const configPath = rehearsalConfig(dir);
    for (const binding of SHARDS) {
      execFileSync(
        "npx",
        ["wrangler", "d1", "migrations", "apply", binding, "--local", "--persist-to", persist, "-c", configPath],
        { stdio: "pipe" },
      );
    }
    const proxy = await getPlatformProxy<Env>({ configPath, persist: { path: join(persist, "v3") } });
    try {
      let env: Env = { ...proxy.env, USER_SHARD_MAP: ONE_DATABASE_MAP };
      const moves: Report["moves"] = [];
      for (const move of [
        { source: "DB", target: "SHARD_0", fromBucket: 0 },
        { source: "SHARD_0", target: "SHARD_1", fromBucket: 512 },
      ]) {
        env = { ...env, USER_SHARD_MAP: markMove(env, move) };
        const copied = await copyPlayers(env, move);
        const verified = await verifyCopy(env, move, auditLedger);
        if (verified.mismatches.length > 0) throw new Error(`Copy did not verify:\n${verified.mismatches.join("\n")}`);
        const map = nextMap(env, move);
        env = { ...env, USER_SHARD_MAP: map };
        await deleteMovedPlayers(env, move);
        moves.push({ move, players: copied.players, map });
      }
      const audit: Record<string, number> = {};
      const players: Record<string, number> = {};
      for (const binding of SHARDS) {
        const db = d1Binding(env, binding)!;
        audit[binding] = (await auditLedger(db)).length;
        players[binding] = (await db.prepare("SELECT count(*) AS n FROM users").first<number>("n")) ?? 0;
      }
      return { moves, audit, players };
    } finally {
      await proxy.dispose();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const stateArg = process.argv.indexOf("--state");
  const report = await rehearseMove({ state: stateArg > 0 ? process.argv[stateArg + 1]! : ".wrangler/state" });
  console.log(JSON.stringify(report, null, 2));
  if (Object.values(report.audit).some((violations) => violations > 0)) process.exit(1);
}
