import { createClient } from "@libsql/client";
import { BENCH_PASSWORD, findD1File, migrateApp } from "../../scripts/lib/local-app";
import { startingCreditsSql, userCreditsSql, userEmail, usersSql } from "../../scripts/lib/players-sql";
import { run } from "../../scripts/lib/processes";
import { hashPassword } from "../../scripts/lib/password";
import { SEEDED_QUESTIONS, STARTING_CREDITS } from "../config";
import { insertQuestionArgs, insertQuestionSql, seededQuestions, type Resolvable } from "./questions";

type Prepared = { d1File: string; playerEmails: string[]; closing: Resolvable[]; questions: number };

/**
 * A fresh local state: the migrations, the demo seed (admin, demo player, demo feed, promo codes) and then, straight
 * into the D1 file while no workerd has it open, the players and the soak's own questions. Players are written as
 * the bench writes its users (bench/lib/dataset-sql.ts), confirmed, with the sign-up bonus: public sign-up allows
 * 20 accounts an hour per IP.
 */
export const prepareState = async (stateDir: string, players: number, soakMs: number): Promise<Prepared> => {
  await migrateApp(stateDir);
  await run("node_modules/.bin/tsx", ["scripts/seed.ts", `--persist-to=${stateDir}`]);
  const d1File = findD1File(stateDir);
  const db = createClient({ url: `file:${d1File}` });
  const now = Date.now();
  const questions = seededQuestions(SEEDED_QUESTIONS.closing, SEEDED_QUESTIONS.open, now, soakMs);
  try {
    const password = hashPassword(BENCH_PASSWORD);
    await db.batch(
      [
        { sql: usersSql(players, now), args: [password.hash, password.salt, password.iterations] },
        startingCreditsSql("bench-signup-", "signup:", 5, "Sign-up bonus"),
        startingCreditsSql("soak-credits-", "soak-credits:", STARTING_CREDITS, "Soak starting credits"),
        userCreditsSql,
        ...questions.map((q) => ({ sql: insertQuestionSql, args: insertQuestionArgs(q, now) })),
      ],
      "write",
    );
    // workerd opens the file next: leave it whole, with an empty write-ahead log.
    await db.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  return {
    d1File,
    playerEmails: Array.from({ length: players }, (_, i) => userEmail(i)),
    closing: questions.slice(0, SEEDED_QUESTIONS.closing).map((q) => ({ id: q.id, type: q.questionType, deadline: q.deadline })),
    questions: questions.length,
  };
};
