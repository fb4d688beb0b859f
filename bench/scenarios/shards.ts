import { createClient } from "@libsql/client";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pickBatch } from "../baseline/pick-batch";
import { copyD1File } from "../lib/dataset";
import { measureLoad, THROUGHPUT } from "../lib/load";
import { verdict, type BenchContext, type ScenarioResult } from "../lib/results";
import { median, round } from "../../scripts/lib/stats";

const SHARD_COUNTS = [1, 2, 4] as const;
const REPLAYS = 400;

const batchesSince = async (baselineUrl: string) =>
  (await (await fetch(`${baselineUrl}/shard-batches`)).json()) as number[];

/**
 * The SQL of one pick-shaped batch alone, in a transaction as D1 runs a batch, replayed on a copy of a shard's file
 * after the load (local D1 reports no usable duration: workerd's clock stands still while SQLite runs).
 */
const sqlMsPerBatch = async (baselineState: string) => {
  const dir = join(baselineState, "v3", "d1", "miniflare-D1DatabaseObject");
  const scratch = mkdtempSync(join(baselineState, "replay-"));
  try {
    for (const name of readdirSync(dir).filter((file) => file.endsWith(".sqlite") && file !== "metadata.sqlite")) {
      const copy = join(scratch, name);
      copyD1File(join(dir, name), copy);
      const db = createClient({ url: `file:${copy}` });
      try {
        if ((await db.execute("SELECT 1 FROM sqlite_master WHERE name = 'credits'")).rows.length === 0) continue;
        const times: number[] = [];
        for (let i = 0; i < REPLAYS; i += 1) {
          const started = performance.now();
          await db.batch(pickBatch(`replay-${i}`, `u${i}`, "q499", Date.now()), "write");
          times.push(performance.now() - started);
        }
        return median(times);
      } finally {
        db.close();
      }
    }
    throw new Error("no shard file with the pick tables in the baseline's state");
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};

/**
 * Pick-shaped write batches spread over one, two and four user shards of the baseline worker. A database commits one
 * batch at a time, so the SQL time of a batch sets its write ceiling; the load divides when each of N shards takes
 * 1/N of the batches at the same SQL cost. Requests per second on this machine stay bound by the one workerd process
 * every database shares, which production does not have.
 */
export const shardWrites = async (ctx: BenchContext, baselineState: string): Promise<ScenarioResult> => {
  const figures: Record<string, number> = {};
  const shares: number[] = [];
  for (const shards of SHARD_COUNTS) {
    ctx.log(`pick-shaped batches over ${shards} shard${shards === 1 ? "" : "s"}`);
    await batchesSince(ctx.baseline.url);
    const loaded = await measureLoad({ url: `${ctx.baseline.url}/shard-pick?shards=${shards}` }, THROUGHPUT);
    const perShard = (await batchesSince(ctx.baseline.url)).slice(0, shards);
    const total = perShard.reduce((sum, count) => sum + count, 0);
    figures[`rps${shards}`] = loaded.rps;
    figures[`p50Ms${shards}`] = loaded.p50Ms;
    figures[`failed${shards}`] = loaded.failed;
    figures[`resets${shards}`] = loaded.resets;
    figures[`busiestShardShare${shards}`] = round(Math.max(...perShard) / Math.max(1, total), 3);
    shares.push(Math.max(...perShard) / Math.max(1, total));
  }
  const sqlMs = await sqlMsPerBatch(baselineState);
  figures.sqlMsPerBatch = round(sqlMs, 3);
  // A database's ceiling: 1,000 ms of SQL a second over one batch's SQL; N shards commit N times as many.
  figures.batchesPerDbPerS = Math.round(1000 / Math.max(0.001, sqlMs));
  for (const shards of SHARD_COUNTS) {
    figures[`busiestDbSqlMsPerS${shards}`] = round(
      figures[`rps${shards}`]! * figures[`busiestShardShare${shards}`]! * sqlMs,
      1,
    );
  }
  const divides = SHARD_COUNTS.every((shards, i) => shares[i]! <= 1.1 / shards);
  return {
    id: "shards",
    title: `Pick-shaped write batches over 1, 2 and 4 user shards, ${THROUGHPUT.connections} connections (baseline worker)`,
    figures,
    budget: "each of N shards takes <= 1.1/N of the write batches",
    verdict: verdict(divides),
    note: "Capacity: each shard commits batchesPerDbPerS; on this machine every database shares one workerd process, so rpsN stays near rps1.",
  };
};
