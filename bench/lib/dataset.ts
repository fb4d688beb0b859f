import { createClient, type Client } from "@libsql/client";
import { copyFileSync, existsSync } from "node:fs";
import { BENCH_PASSWORD, DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../scripts/lib/local-app";
import { hashPassword } from "../../scripts/lib/password";
import { startingCreditsSql, userCreditsSql, usersSql } from "../../scripts/lib/players-sql";
import { DATASET } from "../config";
import {
  payoutsSql,
  pickCountsSql,
  picksSql,
  QUESTIONS,
  questionId,
  questionsSql,
  sessionsSql,
  spendsSql,
} from "./dataset-sql";
import { rerunBackfills } from "./migration-backfills";

/** The player's starting credits: enough for every pick the live scenario posts. */
const PLAYER_CREDITS = 10_000;
const BENCH_USER_CREDITS = 1_000;
const PLAYER_BOOKMARKS = 50;

export type DatasetReport = {
  file: string;
  seconds: number;
  phases: Record<string, number>;
  rows: Record<string, number>;
  ledgerMismatches: number;
};

const count = async (db: Client, table: string) =>
  Number((await db.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n ?? 0);

/** The demo accounts of scripts/seed.ts (same ids and password), so the scenarios can sign in as them. */
const demoAccounts = (now: number) => {
  const password = hashPassword(DEMO_PASSWORD);
  const account = (id: string, email: string, username: string, role: string, code: string, credits: number) => [
    {
      sql: `INSERT INTO users (id, email, password_hash, password_salt, password_iterations, email_confirmed_at, role, username,
              country, referral_code, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'US', ?, ?, ?)`,
      args: [id, email, password.hash, password.salt, password.iterations, now, role, username, code, now, now],
    },
    {
      sql: `INSERT INTO credit_transactions (id, user_id, amount, transaction_type, source, idempotency_key, description, created_at)
            VALUES (?, ?, ?, 'bonus', 'bonus', ?, 'Sign-up bonus', ?)`,
      args: [`seed-signup-${id}`, id, credits, `signup:${id}`, now],
    },
    {
      sql: `INSERT INTO user_credits (user_id, balance, total_earned, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
      args: [id, credits, credits, now, now],
    },
  ];
  return [
    ...account("seed-admin", DEMO_ACCOUNTS.admin, "PickstreakAdmin", "admin", "DEMOADMN", 5),
    ...account("seed-player", DEMO_ACCOUNTS.player, "DemoPlayer", "player", "DEMOPLYR", PLAYER_CREDITS),
    ...Array.from({ length: PLAYER_BOOKMARKS }, (_, i) => ({
      sql: "INSERT INTO user_bookmarks (user_id, question_id, created_at) VALUES ('seed-player', ?, ?)",
      args: [questionId(QUESTIONS.open.from + i * 17), now],
    })),
  ];
};

/** Writes the large dataset straight into the migrated D1 file, one transaction per phase, while no workerd has it open. */
export const generateDataset = async (file: string): Promise<DatasetReport> => {
  const started = performance.now();
  const now = Date.now();
  const db = createClient({ url: `file:${file}` });
  const phases: Record<string, number> = {};
  const phase = async (name: string, statements: (string | { sql: string; args: (string | number)[] })[]) => {
    const t0 = performance.now();
    await db.batch(statements, "write");
    phases[name] = (performance.now() - t0) / 1000;
  };
  try {
    // Durability does not matter for a throwaway file; speed does.
    await db.execute("PRAGMA synchronous = OFF");
    await db.execute("PRAGMA cache_size = -262144");
    await db.execute("PRAGMA temp_store = MEMORY");
    const password = hashPassword(BENCH_PASSWORD);
    await phase("questions", [questionsSql(DATASET.questions, now)]);
    await phase("users", [
      { sql: usersSql(DATASET.users, now), args: [password.hash, password.salt, password.iterations] },
    ]);
    await phase("sessions", [sessionsSql(now)]);
    await phase("starting credits", [
      startingCreditsSql("bench-signup-", "signup:", 5, "Sign-up bonus"),
      startingCreditsSql("bench-credits-", "bench-credits:", BENCH_USER_CREDITS, "Bench starting credits"),
    ]);
    await phase("picks", [picksSql(DATASET.picksPerUser, DATASET.users, now)]);
    await phase("spends and payouts", [spendsSql, payoutsSql]);
    await phase("balances and counts", [userCreditsSql, pickCountsSql, ...demoAccounts(now)]);
    const t0 = performance.now();
    const backfilled = await rerunBackfills(db);
    phases[`aggregates (${backfilled.join(", ") || "none"})`] = (performance.now() - t0) / 1000;
    const mismatches = await db.execute(
      `SELECT count(*) AS n FROM user_credits c
       WHERE c.balance <> (SELECT COALESCE(SUM(amount), 0) FROM credit_transactions t WHERE t.user_id = c.user_id)`,
    );
    const rows: Record<string, number> = {};
    for (const table of ["questions", "users", "user_picks", "credit_transactions", "user_credits"])
      rows[table] = await count(db, table);
    // workerd opens the file next: leave it whole, with an empty write-ahead log.
    await db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    return {
      file,
      seconds: (performance.now() - started) / 1000,
      phases,
      rows,
      ledgerMismatches: Number(mismatches.rows[0]?.n ?? -1),
    };
  } finally {
    db.close();
  }
};

/** A D1 file with its write-ahead log and index, copied for a replay that must not touch the original. */
export const copyD1File = (file: string, copy: string) => {
  for (const suffix of ["", "-wal", "-shm"]) if (existsSync(file + suffix)) copyFileSync(file + suffix, copy + suffix);
};
