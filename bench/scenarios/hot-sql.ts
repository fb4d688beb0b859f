import { mkdtempSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { PICKING_USERS } from "../config";
import { copyD1File } from "../lib/dataset";
import { verdict, type ScenarioResult } from "../lib/results";
import { run } from "../../scripts/lib/processes";
import { round } from "../../scripts/lib/stats";

const REPLAYS = 400;
export const SQL_BUDGETS_MS = { pick: 1.5, feed: 0.5 } as const;

type Timing = { medianMs: number; p90Ms: number; statements: number; clientMedianMs: number };

/**
 * The SQL of the app's pick batch and signed-in feed batch alone (bench/replay/hot-sql.ts), on a copy of the dataset
 * file taken before any workerd opens it (a copy of a file a running workerd writes can be torn); the replayed players
 * come after those the picks scenario signs in, so each pick is a fresh player's.
 * One database commits one batch at a time, so 1,000 ms over the pick's figure is a database's ceiling of picks a second.
 */
export const hotPathSql = async (log: (message: string) => void, d1File: string): Promise<ScenarioResult[]> => {
  log(`the pick's and the feed's SQL, ${REPLAYS} batches each replayed on a copy of the dataset`);
  const scratch = mkdtempSync(join(dirname(d1File), "..", "hot-sql-"));
  try {
    const copy = join(scratch, basename(d1File));
    copyD1File(d1File, copy);
    const output = await run("npx", ["tsx", "bench/replay/hot-sql.ts", copy, String(PICKING_USERS), String(REPLAYS)]);
    const { pick, feed } = JSON.parse(output.trim().split("\n").pop() ?? "{}") as { pick: Timing; feed: Timing };
    const figures = ({ medianMs, p90Ms, statements, clientMedianMs }: Timing) => ({
      medianMs: round(medianMs, 3),
      p90Ms: round(p90Ms, 3),
      statements,
      clientMedianMs: round(clientMedianMs, 3),
    });
    return [
      {
        id: "pick-sql",
        title: `The pick batch's SQL alone (${pick.statements} statements, replayed ${REPLAYS} times on the dataset, each statement prepared once as D1 does)`,
        figures: { ...figures(pick), picksPerDbPerS: Math.round(1000 / Math.max(0.001, pick.medianMs)) },
        budget: `median <= ${SQL_BUDGETS_MS.pick} ms`,
        verdict: verdict(pick.medianMs <= SQL_BUDGETS_MS.pick),
      },
      {
        id: "feed-sql",
        title: `The signed-in feed's SQL alone (session check and first page, replayed ${REPLAYS} times on the dataset, prepared once)`,
        figures: figures(feed),
        budget: `median <= ${SQL_BUDGETS_MS.feed} ms`,
        verdict: verdict(feed.medianMs <= SQL_BUDGETS_MS.feed),
      },
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};
