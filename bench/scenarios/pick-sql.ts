import { mkdtempSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { PICKING_USERS } from "../config";
import { copyD1File } from "../lib/dataset";
import { verdict, type ScenarioResult } from "../lib/results";
import { run } from "../../scripts/lib/processes";
import { round } from "../../scripts/lib/stats";

const REPLAYS = 400;
const BUDGET_MS = 1.5;

/**
 * The app's pick batch, its SQL alone (bench/replay/pick-sql.ts), on a copy of the dataset file taken before any
 * workerd opens it (a copy of a file a running workerd writes can be torn); the replayed players come after those the
 * picks scenario signs in, so each pick is a fresh player's.
 * One database commits one batch at a time, so 1,000 ms over this is a database's ceiling of picks per second.
 */
export const pickSql = async (log: (message: string) => void, d1File: string): Promise<ScenarioResult> => {
  log(`the pick batch's SQL, ${REPLAYS} picks replayed on a copy of the dataset`);
  const scratch = mkdtempSync(join(dirname(d1File), "..", "pick-sql-"));
  try {
    const copy = join(scratch, basename(d1File));
    copyD1File(d1File, copy);
    const output = await run("npx", ["tsx", "bench/replay/pick-sql.ts", copy, String(PICKING_USERS), String(REPLAYS)]);
    const { medianMs, p90Ms, statements } = JSON.parse(output.trim().split("\n").pop() ?? "{}") as { medianMs: number; p90Ms: number; statements: number };
    return {
      id: "pick-sql",
      title: `The pick batch's SQL alone (${statements} statements, replayed ${REPLAYS} times on the dataset)`,
      figures: { medianMs: round(medianMs, 3), p90Ms: round(p90Ms, 3), statements, picksPerDbPerS: Math.round(1000 / Math.max(0.001, medianMs)) },
      budget: `median <= ${BUDGET_MS} ms`,
      verdict: verdict(medianMs <= BUDGET_MS),
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
