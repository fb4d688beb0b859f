import { createClient, type Client, type InValue } from "@libsql/client";
import { resolve } from "node:path";
import { userId } from "../../scripts/lib/players-sql";
import { percentile } from "../../scripts/lib/stats";
import { benchSessionId, QUESTIONS, questionId } from "../lib/dataset-sql";
import { feedStatements, pickStatements, type CapturedStatement } from "./captured-sql";

/**
 * The SQL of the app's hot paths timed alone, on a copy of the bench's dataset file: the pick batch for fresh players
 * and questions (one write transaction per pick, as D1 runs a batch) and the signed-in feed's batch (session check
 * and first page, one read transaction). Local D1 reports no usable duration (workerd's clock stands still while
 * SQLite runs), so this is how the SQL itself is measured.
 *
 *   tsx bench/replay/hot-sql.ts <copy of the dataset file> <first bench user index> <replays>
 *
 * Prints one JSON line: for each of pick and feed, the median and p90 milliseconds per batch and its statements.
 */

const timed = async (db: Client, batches: () => Promise<CapturedStatement[]>, mode: "write" | "read", count: number) => {
  const times: number[] = [];
  let statements = 0;
  for (let i = 0; i < count; i += 1) {
    const batch = await batches();
    statements = batch.length;
    const started = performance.now();
    await db.batch(batch as { sql: string; args: InValue[] }[], mode);
    times.push(performance.now() - started);
  }
  return { medianMs: percentile(times, 50), p90Ms: percentile(times, 90), statements };
};

const main = async () => {
  const [file, firstUser, count] = process.argv.slice(2);
  if (!file || !firstUser || !count) throw new Error("usage: tsx bench/replay/hot-sql.ts <file> <first user index> <replays>");
  const db = createClient({ url: `file:${resolve(file)}` });
  try {
    let pick = 0;
    const reserve = QUESTIONS.reserve.to - QUESTIONS.reserve.from;
    const pickResult = await timed(
      db,
      () => {
        const i = pick++;
        return pickStatements(userId(Number(firstUser) + i), questionId(QUESTIONS.reserve.from + (i % reserve)), Date.now());
      },
      "write",
      Number(count),
    );
    const viewer = userId(0);
    const feedResult = await timed(db, async () => feedStatements({ sessionId: benchSessionId(viewer), userId: viewer }, Date.now()), "read", Number(count));
    console.log(JSON.stringify({ pick: pickResult, feed: feedResult }));
  } finally {
    db.close();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
