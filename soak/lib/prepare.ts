import { createClient, type InStatement } from "@libsql/client";
import { BENCH_PASSWORD } from "../../scripts/lib/local-app";
import { CATALOGUE, migrateLocalDatabases, shardBindingOf } from "../../scripts/lib/local-databases";
import { startingCreditsSql, userCreditsSql, userEmail, userId, usersSql } from "../../scripts/lib/players-sql";
import { run } from "../../scripts/lib/processes";
import { hashPassword } from "../../scripts/lib/password";
import type { ShardMapSource } from "#shared/shard-map";
import { SEEDED_QUESTIONS, STARTING_CREDITS } from "../config";
import { soakDatabases } from "./databases";
import { insertQuestionArgs, insertQuestionSql, seededQuestions, type Resolvable } from "./questions";

type Prepared = {
  map: ShardMapSource;
  /** The SQLite file of every database that holds players under the map, by binding: the audit reads each. */
  playerFiles: Record<string, string>;
  /** How many soak players each of those databases holds. */
  playersPer: Record<string, number>;
  playerEmails: string[];
  closing: Resolvable[];
  questions: number;
};

/** Keeps only these players' rows among the bench players a statement list wrote (?1: their ids as JSON). */
const keepOnly = (tables: string[], ids: string[]): InStatement[] =>
  tables.map((table) => ({
    sql: `DELETE FROM ${table} WHERE ${table === "users" ? "id" : "user_id"} LIKE 'bench-user-%' AND ${table === "users" ? "id" : "user_id"} NOT IN (SELECT value FROM json_each(?1))`,
    args: [JSON.stringify(ids)],
  }));

/**
 * A fresh local state laid out as `npm start` and the browser journeys have it (e2e/server.ts): every local database
 * migrated and the demo seed (admin, demo player, demo feed, promo codes) written under the shard map in force. Then,
 * straight into the D1 files while no workerd has them open, the players and the soak's own questions, where the app
 * keeps them (docs/decisions/0026-user-shards.md): every player's directory row and every question in the catalogue;
 * in each player database its own players (account copy, sign-up bonus and starting credits in the ledger) and a copy
 * of every question. Players are written as the bench writes its users (bench/lib/shard-state.ts), confirmed:
 * public sign-up allows 20 accounts an hour per IP.
 */
export const prepareState = async (stateDir: string, players: number, soakMs: number): Promise<Prepared> => {
  await migrateLocalDatabases(stateDir);
  await run("node_modules/.bin/tsx", ["scripts/seed.ts", `--persist-to=${stateDir}`]);
  const databases = soakDatabases(stateDir);
  const { map } = databases;
  const now = Date.now();
  const questions = seededQuestions(SEEDED_QUESTIONS.closing, SEEDED_QUESTIONS.open, now, soakMs);
  const password = hashPassword(BENCH_PASSWORD);
  const ids = Array.from({ length: players }, (_, i) => userId(i));
  const playerFiles: Record<string, string> = {};
  const playersPer: Record<string, number> = {};
  for (const binding of [CATALOGUE, ...databases.playerBindings.filter((b) => b !== CATALOGUE)]) {
    const holdsPlayers = databases.playerBindings.includes(binding);
    const own = ids.filter((id) => shardBindingOf(map, id) === binding);
    // The catalogue keeps every player's directory row, a player database only its own players' rows (deleted before
    // their credits are written, which point at them). The credits are written from `users`, so where the catalogue is
    // also a player database the other players' credits go again.
    const statements: InStatement[] = [
      ...questions.map((q) => ({ sql: insertQuestionSql, args: insertQuestionArgs(q, now) })),
      { sql: usersSql(players, now), args: [password.hash, password.salt, password.iterations] },
      ...(holdsPlayers
        ? [
            ...(binding === CATALOGUE ? [] : keepOnly(["users"], own)),
            startingCreditsSql("bench-signup-", "signup:", 5, "Sign-up bonus"),
            startingCreditsSql("soak-credits-", "soak-credits:", STARTING_CREDITS, "Soak starting credits"),
            ...keepOnly(["credit_transactions"], own),
            userCreditsSql,
          ]
        : []),
    ];
    const file = databases.fileOf(binding);
    const db = createClient({ url: `file:${file}` });
    try {
      await db.batch(statements, "write");
      // workerd opens the file next: leave it whole, with an empty write-ahead log.
      await db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    } finally {
      db.close();
    }
    if (holdsPlayers) {
      playerFiles[binding] = file;
      playersPer[binding] = own.length;
    }
  }
  return {
    map,
    playerFiles,
    playersPer,
    playerEmails: ids.map((_, i) => userEmail(i)),
    closing: questions
      .slice(0, SEEDED_QUESTIONS.closing)
      .map((q) => ({ id: q.id, type: q.questionType, deadline: q.deadline })),
    questions: questions.length,
  };
};
