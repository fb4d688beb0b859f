import { createDb } from "../db/client";
import { cronRuns } from "../db/schema";
import { newId } from "../lib/ids";
import { log } from "../lib/log";

const DETAIL_LIMIT = 4000;

/** Best effort: a failure to record must never turn a successful job into a failed one. */
export const recordCronRun = async (
  catalogue: D1Database,
  run: { job: string; cron: string; startedAt: number; ok: boolean; detail: unknown },
) => {
  try {
    await createDb(catalogue)
      .insert(cronRuns)
      .values({
        id: newId(),
        job: run.job,
        cron: run.cron,
        startedAt: run.startedAt,
        finishedAt: Date.now(),
        ok: run.ok,
        detail: JSON.stringify(run.detail).slice(0, DETAIL_LIMIT),
      });
  } catch (error) {
    log("warn", "cron_run_not_recorded", { job: run.job, error: String(error) });
  }
};
