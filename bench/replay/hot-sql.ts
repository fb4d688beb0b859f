import { createClient, type Client, type InValue } from "@libsql/client";
import Database from "libsql";
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
 * Each batch is timed twice over: as D1 runs it (each statement prepared once and reused, keyed by its SQL text as
 * workerd's SQL storage caches statements; rows read as arrays; one transaction) and, for the figures before that,
 * through @libsql/client, which prepares every statement again at every call and builds an object per row.
 *
 *   tsx bench/replay/hot-sql.ts <copy of the dataset file> <first bench user index> <replays>
 *
 * Prints one JSON line: for each of pick and feed, the median and p90 milliseconds per batch both ways and its statements.
 */

type Mode = "write" | "read";
type Replay = (batch: CapturedStatement[], mode: Mode) => Promise<unknown> | unknown;

const throughClient =
  (client: Client): Replay =>
  (batch, mode) =>
    client.batch(batch as { sql: string; args: InValue[] }[], mode);

const asD1RunsIt = (db: Database.Database): Replay => {
  const prepared = new Map<string, Database.Statement>();
  const preparedFor = (sql: string) => prepared.get(sql) ?? prepared.set(sql, db.prepare(sql)).get(sql)!;
  const begin = { write: db.prepare("BEGIN IMMEDIATE"), read: db.prepare("BEGIN") };
  const commit = db.prepare("COMMIT");
  return (batch, mode) => {
    begin[mode].run();
    try {
      for (const { sql, args } of batch) {
        const statement = preparedFor(sql);
        if (statement.reader) statement.raw(true).all(...args);
        else statement.run(...args);
      }
      commit.run();
    } catch (error) {
      db.prepare("ROLLBACK").run();
      throw error;
    }
  };
};

const timed = async (replay: Replay, batches: () => Promise<CapturedStatement[]>, mode: Mode, count: number) => {
  const times: number[] = [];
  let statements = 0;
  for (let i = 0; i < count; i += 1) {
    const batch = await batches();
    statements = batch.length;
    const started = performance.now();
    await replay(batch, mode);
    times.push(performance.now() - started);
  }
  return { medianMs: percentile(times, 50), p90Ms: percentile(times, 90), statements };
};

/** Fresh players from `firstUser` on, each picking a reserve question nobody has picked. */
const freshPicks = (firstUser: number) => {
  let pick = 0;
  const reserve = QUESTIONS.reserve.to - QUESTIONS.reserve.from;
  return () => {
    const i = pick++;
    return pickStatements(userId(firstUser + i), questionId(QUESTIONS.reserve.from + (i % reserve)), Date.now());
  };
};

const viewer = userId(0);
const feedBatch = async () => feedStatements({ sessionId: benchSessionId(viewer), userId: viewer }, Date.now());

const replayBoth = async (replay: Replay, firstUser: number, count: number) => ({
  pick: await timed(replay, freshPicks(firstUser), "write", count),
  feed: await timed(replay, feedBatch, "read", count),
});

const main = async () => {
  const [file, firstUser, count] = process.argv.slice(2);
  if (!file || !firstUser || !count)
    throw new Error("usage: tsx bench/replay/hot-sql.ts <file> <first user index> <replays>");
  const db = new Database(resolve(file));
  const asD1 = await replayBoth(asD1RunsIt(db), Number(firstUser), Number(count)).finally(() => db.close());
  const client = createClient({ url: `file:${resolve(file)}` });
  const viaClient = await replayBoth(throughClient(client), Number(firstUser) + Number(count), Number(count)).finally(
    () => client.close(),
  );
  const both = (path: keyof typeof asD1) => ({ ...asD1[path], clientMedianMs: viaClient[path].medianMs });
  console.log(JSON.stringify({ pick: both("pick"), feed: both("feed") }));
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
