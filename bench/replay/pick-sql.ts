import { createClient, type InValue } from "@libsql/client";
import { resolve } from "node:path";
import { userId } from "../../scripts/lib/players-sql";
import { percentile } from "../../scripts/lib/stats";
import { submitPick } from "../../worker/features/picks/submit-pick.service";
import { QUESTIONS, questionId } from "../lib/dataset-sql";

/**
 * The SQL of the app's own pick batch, timed alone: the statements submitPick builds for a fresh player and question,
 * captured from the service through a D1 that records them instead of running them, then replayed in one write
 * transaction per pick (as D1 runs a batch) on a copy of the bench's dataset file. Local D1 reports no usable
 * duration (workerd's clock stands still while SQLite runs), so this is how the pick's SQL is measured.
 *
 *   tsx bench/replay/pick-sql.ts <copy of the dataset file> <first bench user index> <picks>
 *
 * Prints one JSON line: the median and p90 milliseconds per batch and the number of statements in it.
 */

type Captured = { sql: string; args: InValue[] };

const CAPTURED = new Error("captured");

/** A statement that only remembers its SQL and binds; the service reads nothing before its batch. */
const recorded = (sql: string, args: InValue[] = []) => ({
  sql,
  args,
  bind: (...values: unknown[]) => recorded(sql, values as InValue[]),
});

const captureBatch = async (userId: string, questionId: string, now: number) => {
  let batch: Captured[] = [];
  const d1 = {
    prepare: (sql: string) => recorded(sql),
    batch: async (statements: Captured[]) => {
      batch = statements.map(({ sql, args }) => ({ sql, args }));
      throw CAPTURED;
    },
  } as unknown as D1Database;
  try {
    // A bench player has no referrer, so the route passes referred: false, as here.
    await submitPick(d1, { userId, questionId, choice: "yes", multiplier: 1, now, referred: false });
  } catch (error) {
    if (error !== CAPTURED) throw error;
  }
  return batch;
};

const main = async () => {
  const [file, firstUser, count] = process.argv.slice(2);
  if (!file || !firstUser || !count) throw new Error("usage: tsx bench/replay/pick-sql.ts <file> <first user index> <picks>");
  const db = createClient({ url: `file:${resolve(file)}` });
  const times: number[] = [];
  let statements = 0;
  try {
    for (let i = 0; i < Number(count); i += 1) {
      const question = questionId(QUESTIONS.reserve.from + (i % (QUESTIONS.reserve.to - QUESTIONS.reserve.from)));
      const batch = await captureBatch(userId(Number(firstUser) + i), question, Date.now());
      statements = batch.length;
      const started = performance.now();
      await db.batch(batch, "write");
      times.push(performance.now() - started);
    }
  } finally {
    db.close();
  }
  console.log(JSON.stringify({ medianMs: percentile(times, 50), p90Ms: percentile(times, 90), statements }));
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
