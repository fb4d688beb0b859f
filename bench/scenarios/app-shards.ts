import { join } from "node:path";
import { PICKING_USERS } from "../config";
import { loginAll } from "../lib/api";
import { measureLoad, THROUGHPUT } from "../lib/load";
import { verdict, type BenchContext, type ScenarioResult } from "../lib/results";
import { startApp } from "../lib/servers";
import { prepareShardState, rowsPerShard } from "../lib/shard-state";
import { BENCH_PASSWORD } from "../../scripts/lib/local-app";
import { userEmail } from "../../scripts/lib/players-sql";
import { round } from "../../scripts/lib/stats";
import { pickRequest } from "./picks";

const SHARD_COUNTS = [1, 2, 4] as const;

/**
 * The app's own `POST /api/picks` with its players over one, two and four user shards (each a fresh state beside the
 * catalogue): every pick's batch commits on the picker's shard, so the busiest shard's share of the picks is the
 * share of the write load it carries. On this machine every database shares one workerd process and two cores, so
 * requests per second stay near the one-shard figure; in production each shard is its own database.
 */
export const appShardPicks = async (
  ctx: BenchContext,
  stateDir: string,
  workerLog: NodeJS.WritableStream,
  /** The pick batch's SQL alone (scenario pick-sql), when measured: what each pick costs the shard that commits it. */
  pickSqlMs?: number,
): Promise<ScenarioResult> => {
  const figures: Record<string, number | string> = {};
  const shares: number[] = [];
  let failed = 0;
  for (const shards of SHARD_COUNTS) {
    const state = join(stateDir, `shards-${shards}`);
    ctx.log(`the app with ${PICKING_USERS} players over ${shards} user shard${shards === 1 ? "" : "s"}`);
    const userShards = await prepareShardState(state, shards, PICKING_USERS);
    const app = await startApp(state, workerLog, { shards: userShards });
    try {
      const sessions = await loginAll(
        app.url,
        Array.from({ length: PICKING_USERS }, (_, i) => userEmail(i)),
        BENCH_PASSWORD,
      );
      const loaded = await measureLoad(
        { url: `${app.url}/api/picks`, method: "POST", setupRequest: pickRequest(sessions) },
        THROUGHPUT,
      );
      figures[`rps${shards}`] = loaded.rps;
      figures[`p50Ms${shards}`] = loaded.p50Ms;
      figures[`p99Ms${shards}`] = loaded.p99Ms;
      figures[`failed${shards}`] = loaded.failed;
      figures[`resets${shards}`] = loaded.resets;
      failed += loaded.failed;
    } finally {
      await app.stop();
    }
    const picks = await rowsPerShard(state, shards, "user_picks");
    const total = picks.reduce((sum, count) => sum + count, 0);
    const share = Math.max(...picks) / Math.max(1, total);
    figures[`picksPerShard${shards}`] = picks.join(" / ");
    figures[`busiestShardShare${shards}`] = round(share, 3);
    // The write load of the busiest database: its share of the picks each second, each one batch on that shard.
    figures[`busiestShardPicksPerS${shards}`] = round(Number(figures[`rps${shards}`]) * share, 1);
    if (pickSqlMs !== undefined)
      figures[`busiestShardSqlMsPerS${shards}`] = round(Number(figures[`rps${shards}`]) * share * pickSqlMs, 1);
    shares.push(share);
  }
  const divides = SHARD_COUNTS.every((shards, i) => shares[i]! <= 1.1 / shards);
  return {
    id: "app-shards",
    title: `The app's POST /api/picks, ${PICKING_USERS} players over 1, 2 and 4 user shards, ${THROUGHPUT.connections} connections`,
    figures,
    budget: "each of N shards commits <= 1.1/N of the picks, none failed",
    verdict: verdict(divides && failed === 0),
    note: "Every database shares one workerd process here, so rpsN stays near rps1; the write load each database carries divides by N.",
  };
};
