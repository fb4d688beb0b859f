import { newId } from "../lib/ids";
import { log } from "../lib/log";

const DETAIL_LIMIT = 4000;

/** Best effort: a failure to record must never turn a successful job into a failed one. */
export const recordCronRun = async (
  env: Env,
  run: { job: string; cron: string; startedAt: number; ok: boolean; detail: unknown },
) => {
  try {
    await env.DB.prepare(
      "INSERT INTO cron_runs (id, job, cron, started_at, finished_at, ok, detail) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(newId(), run.job, run.cron, run.startedAt, Date.now(), run.ok ? 1 : 0, JSON.stringify(run.detail).slice(0, DETAIL_LIMIT))
      .run();
  } catch (error) {
    log("warn", "cron_run_not_recorded", { job: run.job, error: String(error) });
  }
};
